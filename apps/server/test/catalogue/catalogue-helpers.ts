import type { Locale } from '@suanli/contract';
import type { TestApp } from '../helpers/build-test-app.js';

type Options = { token?: string; locale?: Locale };

const get = async (t: TestApp, url: string, { token, locale }: Options = {}) =>
  t.request({ method: 'GET', url: `/api/system/applicationImage${url}`, token, locale });

export const listPage = async (t: TestApp, query = '', options: Options = {}) =>
  (await get(t, `/listByUserPage${query}`, options)).json().data;

export const getImage = (t: TestApp, id: string, options: Options = {}) =>
  get(t, `/getApplicationImageById/${id}`, options);

export const toggleLike = (t: TestApp, token: string, imageId: string) => get(t, `/like?imageId=${imageId}`, { token });

export const reviseIntroduction = (t: TestApp, token: string, payload: object, locale?: Locale) =>
  t.request({
    method: 'PUT',
    url: '/api/system/applicationImage/updateReviseIntroduction',
    token,
    payload,
    locale,
  });

/** An operator's revision of an official image's introduction, with the reason its audit row keeps. */
export const reviseOfficialIntroduction = (
  t: TestApp,
  token: string,
  { id, ...payload }: { id: string; introduction: string; reason?: string },
  locale?: Locale,
) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/review/images/${id}/introduction`,
    token,
    payload: { reason: 'a clearer introduction', ...payload },
    locale,
  });

/** The id of a seeded official image (migration 0019) by its name. */
export async function officialImageId(t: TestApp, name: string): Promise<string> {
  const page = await listPage(t, `?kind=official&pageSize=100`);
  const image = (page.rows as { id: string; name: string }[]).find((row) => row.name === name);
  if (!image) {
    throw new Error(`no official image named ${name}`);
  }
  return image.id;
}
