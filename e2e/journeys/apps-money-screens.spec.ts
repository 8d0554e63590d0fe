import { afterEach, describe, expect, it } from 'vitest';
import { LAPTOP, openBrowser, PHONE, type BrowserSession, type Viewport } from '../support/browser.js';
import {
  chooseLanguage,
  dismissWelcomeDialogs,
  openSignedIn,
  scrollsSideways,
  type Language,
} from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';
import { imageNamed, verifiedRenterWithBalance } from '../support/renter.js';

// Issue 19 §4: a double click on a money button makes one order; /myApp's actions are always reachable, as cards on
// a phone; the wallet's pages fit a phone without sideways scrolling.
let session: BrowserSession;
afterEach(() => session.close());

const WIDE: Viewport = { width: 1440, height: 900 };

async function open(viewport: Viewport, language: Language, token: string, path: string) {
  session = await openBrowser({ viewport });
  const { page, baseUrl } = session;
  await chooseLanguage(page, baseUrl, language);
  await openSignedIn(page, baseUrl, token, path);
  await dismissWelcomeDialogs(page);
  return page;
}

async function ordersOf(token: string) {
  const orders = await callApi<{ rows: { orderNo: string }[]; total: number }>(
    'POST',
    '/recharge/order-info/selectDealInfoList',
    { token, body: { pageNum: 1, pageSize: 10 } },
  );
  return orders.data.rows;
}

describe('"立即充值" double-clicked', () => {
  it('opens one order and shows its QR once', async () => {
    const { token } = await registerByEmail();
    const page = await open(LAPTOP, 'zh-CN', token, '/voucherCenter');
    await page.getByTestId('recharge-preset-other').click();
    await page.getByTestId('recharge-other').fill('77');
    await page.getByTestId('recharge-submit').dblclick();

    await page.getByTestId('recharge-qr').waitFor({ state: 'visible' });
    await expect.poll(async () => (await ordersOf(token)).length, { timeout: 10_000 }).toBe(1);
    // Still one after anything the second click sent has been answered.
    await page.waitForLoadState('networkidle');
    expect(await ordersOf(token)).toHaveLength(1);
    expect(await page.getByTestId('recharge-dialog').count()).toBe(1);
  });
});

async function rentOne(token: string) {
  const ollama = await imageNamed('Ollama');
  const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
    token,
    body: { imageId: ollama.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'day', appName: 'wide-actions' },
  });
  expect(created.code).toBe(200);
  return created.data.id;
}

const ACTIONS = ['stop', 'restart', 'renew', 'timed-stop', 'pin', 'destroy'];

/** Whether the page has downloaded a chunk of the build, by the name before its hash. */
async function chunksDownloaded(page: Awaited<ReturnType<typeof open>>) {
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  return (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
}

/** The element lies inside the window horizontally, where a click reaches it without scrolling the page. */
async function inView(page: Awaited<ReturnType<typeof open>>, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

describe.each([
  { language: 'zh-CN' as const, viewport: LAPTOP },
  { language: 'en-US' as const, viewport: LAPTOP },
  { language: 'zh-CN' as const, viewport: WIDE },
  { language: 'en-US' as const, viewport: WIDE },
  { language: 'zh-CN' as const, viewport: PHONE },
  { language: 'en-US' as const, viewport: PHONE },
])('/myApp at $viewport.width px in $language', ({ language, viewport }) => {
  it('shows every action of an application without scrolling sideways', async () => {
    const renter = await verifiedRenterWithBalance();
    const id = await rentOne(renter.token);
    const page = await open(viewport, language, renter.token, '/myApp');
    await page.getByTestId(`app-destroy-${id}`).waitFor({ state: 'visible' });

    for (const action of ACTIONS) {
      expect(await inView(page, `app-${action}-${id}`), action).toBe(true);
    }
    expect(await scrollsSideways(page)).toBe(false);
    if (viewport === PHONE) {
      expect(await page.getByTestId(`app-card-${id}`).isVisible()).toBe(true);
    }
    // antd's Table is downloaded where the list is a table, and not on a phone, which shows cards (issue 25).
    const downloaded = await chunksDownloaded(page);
    expect(downloaded('application-rows-table'), 'application-rows-table').toBe(viewport !== PHONE);
    expect(downloaded('table'), 'table').toBe(viewport !== PHONE);
  });
});

describe.each([
  { language: 'zh-CN' as const, viewport: PHONE, expense: '支出', none: '没有符合筛选条件的记录' },
  { language: 'en-US' as const, viewport: PHONE, expense: 'Expense', none: 'No entries match these filters' },
  { language: 'zh-CN' as const, viewport: LAPTOP, expense: '支出', none: '没有符合筛选条件的记录' },
])('/revAndexp at $viewport.width px in $language', ({ language, viewport, expense, none }) => {
  it("lists the renter's entries and filters them, loading the table and the filters only where shown", async () => {
    const renter = await verifiedRenterWithBalance();
    const page = await open(viewport, language, renter.token, '/revAndexp');
    const phone = viewport === PHONE;
    const entries = page.getByTestId(phone ? 'ledger-cards' : 'ledger-table');
    await expect.poll(() => entries.textContent(), { timeout: 15_000 }).toContain('+¥100.00');
    await page.waitForLoadState('networkidle');
    // A phone shows cards with its filters folded: antd's Table, Select and DatePicker stay on the server (issue 25).
    const before = await chunksDownloaded(page);
    for (const chunk of ['ledger-rows-table', 'table', 'ledger-filter-bar', 'select', 'date-picker']) {
      expect(before(chunk), chunk).toBe(!phone);
    }
    expect(await scrollsSideways(page)).toBe(false);

    if (phone) {
      await page.getByTestId('ledger-filters-toggle').click();
    }
    await page.getByTestId('ledger-filter-direction').click();
    await page.getByTitle(expense, { exact: true }).click();

    await page.getByText(none).waitFor({ state: 'visible' });
    if (phone) {
      expect(await page.getByTestId('ledger-filters-toggle').textContent()).toMatch(/\(1\)|（1）/);
      expect((await chunksDownloaded(page))('ledger-filter-bar')).toBe(true);
    }
  });
});

describe.each(['zh-CN', 'en-US'] as const)('the wallet pages on a phone in %s', (language) => {
  it.each(['/voucherCenter', '/myOrder', '/revAndexp'])('fit %s to 390 px', async (path) => {
    const renter = await verifiedRenterWithBalance();
    const page = await open(PHONE, language, renter.token, path);
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page)).toBe(false);
  });
});
