import { partners } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { ApiUserContractCard } from './api-user-contract-card';

const api = await startFakeApi();
const CONTRACT = { title: 'API User Service Agreement', content: 'Party A provides.\nParty B signs.' };
const SIGNED_AT = '2026-11-27T06:30:00.000Z';

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});

function renderCard(realNameVerified: boolean) {
  renderWithProviders(
    <MemoryRouter>
      <ApiUserContractCard realNameVerified={realNameVerified} />
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the API user contract card', () => {
  it('sends a user without a verified real name to verify first, with no way to sign', async () => {
    api.on(partners.apiUserSignContract, ok({ ...CONTRACT, signedAt: null }));
    renderCard(false);
    expect((await screen.findByTestId('api-contract-status')).textContent).toBe('Not signed');
    expect(screen.getByTestId('api-contract-verify-first').textContent).toContain(
      'please complete real-name verification first',
    );
    expect(screen.getByTestId('api-contract-verify').getAttribute('href')).toBe('/userCenter');
    expect(screen.queryByTestId('api-contract-sign')).toBeNull();
  });

  it('shows the contract with its line breaks', async () => {
    api.on(partners.apiUserSignContract, ok({ ...CONTRACT, signedAt: null }));
    renderCard(true);
    fireEvent.click(await screen.findByTestId('api-contract-view'));
    expect(await screen.findByText('API User Service Agreement')).toBeDefined();
    expect(screen.getByTestId('api-contract-content').textContent).toBe('Party A provides.\nParty B signs.');
  });

  it('checks the form before asking the server', async () => {
    api.on(partners.apiUserSignContract, ok({ ...CONTRACT, signedAt: null }));
    renderCard(true);
    fireEvent.click(await screen.findByTestId('api-contract-sign'));
    fireEvent.click(await screen.findByTestId('api-sign-submit'));
    expect(await screen.findByText('Please enter your real name')).toBeDefined();
    expect(screen.getByText('Please enter your ID number')).toBeDefined();
    expect(screen.getByText('Please read and accept the API User Service Agreement')).toBeDefined();
    type('api-sign-id-number', '11010519491231002');
    expect(await screen.findByText('Please enter a correct 18-character ID number')).toBeDefined();
    expect(api.calls(partners.apiUserSign)).toHaveLength(0);
  });

  it("says the server's refusal of a name that is not the user's, then signs and shows when", async () => {
    api.on(partners.apiUserSignContract, ok({ ...CONTRACT, signedAt: null }));
    api.on(partners.apiUserSign, fail(422, 'Signing failed, please check name and ID number', 'idNumber'));
    renderCard(true);
    fireEvent.click(await screen.findByTestId('api-contract-sign'));
    type('api-sign-name', '张三');
    type('api-sign-id-number', '11010519491231002x');
    fireEvent.click(screen.getByTestId('api-sign-agreement'));
    fireEvent.click(screen.getByTestId('api-sign-submit'));
    expect(await screen.findByText('Signing failed, please check name and ID number')).toBeDefined();
    expect(screen.queryByTestId('api-contract-signed-at')).toBeNull();

    api.on(partners.apiUserSign, ok({ signedAt: SIGNED_AT }));
    type('api-sign-name', '王五');
    fireEvent.click(screen.getByTestId('api-sign-submit'));
    expect(await screen.findByText('Contract signed')).toBeDefined();
    expect((await screen.findByTestId('api-contract-signed-at')).getAttribute('datetime')).toBe(SIGNED_AT);
    expect(screen.getByTestId('api-contract-status').textContent).toBe('Signed');
    expect(screen.queryByTestId('api-contract-sign')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('api-sign-submit')).toBeNull());
    expect(api.calls(partners.apiUserSign).map((call) => call.json)).toEqual([
      { name: '张三', idNumber: '11010519491231002x' },
      { name: '王五', idNumber: '11010519491231002x' },
    ]);
  });
});
