import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { deskCall, deskImages, deskImageTypes, newImage, typeNamed, userCatalogue } from './desk-helpers.js';

// Real PostgreSQL only: two operators changing one catalogue row at the same moment, on two connections.
let t: TestApp;
let first: Awaited<ReturnType<typeof createOperator>>;
let second: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  first = await createOperator(t, ['review']);
  second = await createOperator(t, ['review']);
});
afterAll(() => t.close());

const auditOf = async (target: string) =>
  [...(await auditRowsOf(t, first.userId)), ...(await auditRowsOf(t, second.userId))].filter(
    (row) => row.target === target,
  );

describe('two operators at once', () => {
  it('editing and hiding one image: one wins, the other gets a 409, and one audit row says what happened', async () => {
    const llm = (await typeNamed(t, first.token, 'LLM inference')).id;
    const { id } = (await deskCall(t, first.token, 'POST', '/images', newImage(llm, 'Race image'))).json().data;
    for (let round = 0; round < 5; round += 1) {
      const [image] = await deskImages(t, first.token, '&keyword=Race');
      const [edit, hide] = await Promise.all([
        deskCall(t, first.token, 'PUT', `/images/${id}`, {
          ...newImage(llm, `Race image ${round}`),
          version: image!.version,
        }),
        deskCall(t, second.token, 'POST', `/images/${id}/hidden`, {
          hidden: !image!.hidden,
          version: image!.version,
          reason: 'race',
        }),
      ]);
      expect([edit.statusCode, hide.statusCode].sort()).toEqual([200, 409]);
      const loser = edit.statusCode === 409 ? edit : hide;
      expect(loser.json().data.field).toBe('version');
      const [after] = await deskImages(t, first.token, '&keyword=Race');
      expect(after!.version).toBe(image!.version + 1);
      if (edit.statusCode === 200) {
        expect(after).toMatchObject({ name: `Race image ${round}`, hidden: image!.hidden });
      } else {
        expect(after).toMatchObject({ name: image!.name, hidden: !image!.hidden });
      }
      expect((await userCatalogue(t)).images.includes(after!.name)).toBe(!after!.hidden);
    }
    const [final] = await deskImages(t, first.token, '&keyword=Race');
    expect(await auditOf(`image:${id}`)).toHaveLength(final!.version);
  });

  it('renaming one type: one name wins, the other operator gets a 409', async () => {
    const type = (await deskImageTypes(t, first.token))[0]!;
    const rename = (operator: typeof first, nameEn: string) =>
      deskCall(t, operator.token, 'PUT', `/image-types/${type.id}`, {
        nameZh: type.nameZh,
        nameEn,
        sort: type.sort,
        version: type.version,
        reason: `call it ${nameEn}`,
      });
    const answers = await Promise.all([rename(first, 'Frameworks'), rename(second, 'DL frameworks')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data;
    expect((await userCatalogue(t)).types).toContain(winner.nameEn);
    expect(await auditOf(`image-type:${type.id}`)).toMatchObject([{ after: { nameEn: winner.nameEn } }]);
  });

  it('hiding one model: one wins, the other gets a 409', async () => {
    const list = await deskCall(t, first.token, 'GET', '/models?keyword=chinese-ink');
    const model = list.json().data.rows[0] as { id: string; version: number };
    const hideIt = (operator: typeof first) =>
      deskCall(t, operator.token, 'POST', `/models/${model.id}/hidden`, {
        hidden: true,
        version: model.version,
        reason: 'race',
      });
    const answers = await Promise.all([hideIt(first), hideIt(second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(`model:${model.id}`)).toHaveLength(1);
  });
});
