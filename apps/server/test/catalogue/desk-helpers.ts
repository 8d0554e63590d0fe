import type { catalogueDesk, Locale } from '@suanli/contract';
import type { TestApp } from '../helpers/build-test-app.js';

/** An operator's call to `/api/admin/review/catalogue/*`, answered in English unless told. */
export const deskCall = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
  locale: Locale = 'en-US',
) => t.request({ method, url: `/api/admin/review/catalogue${path}`, token, payload, locale });

/** An official image as an operator writes it: every field, the type by id. */
export const newImage = (typeId: string, name: string) => ({
  name,
  summaryZh: '带 CUDA 12.4 的 JAX 环境',
  summaryEn: 'A JAX environment with CUDA 12.4',
  introductionZh: '## 镜像内容\n\nJAX 0.4',
  introductionEn: '## What is inside\n\nJAX 0.4',
  typeId,
  minGpuMemoryGb: 16,
  links: [{ name: 'JupyterLab', port: 8888, kind: 'jupyter' }],
  reason: 'customers asked for JAX',
});

export async function deskImages(t: TestApp, token: string, query = ''): Promise<catalogueDesk.DeskImage[]> {
  const response = await deskCall(t, token, 'GET', `/images?pageSize=100${query}`);
  if (response.statusCode !== 200) {
    throw new Error(`listing images answered ${response.statusCode}: ${response.body}`);
  }
  return response.json().data.rows;
}

export async function deskImageTypes(t: TestApp, token: string): Promise<catalogueDesk.DeskImageType[]> {
  return (await deskCall(t, token, 'GET', '/image-types')).json().data;
}

/** The seeded image type of this English name (migration 0019). */
export async function typeNamed(t: TestApp, token: string, nameEn: string) {
  const type = (await deskImageTypes(t, token)).find((row) => row.nameEn === nameEn);
  if (!type) {
    throw new Error(`no image type ${nameEn}`);
  }
  return type;
}

/** The names a user (or guest) sees in the catalogue and in its banner. */
export async function userCatalogue(t: TestApp, locale: Locale = 'en-US') {
  const [page, banners, types] = await Promise.all(
    [
      '/applicationImage/listByUserPage?pageSize=100',
      '/applicationImage/bannnerImages',
      '/applicationImageType/listByUser',
    ].map((url) => t.request({ method: 'GET', url: `/api/system${url}`, locale })),
  );
  return {
    images: (page!.json().data.rows as { name: string }[]).map((row) => row.name),
    banners: (banners!.json().data as { name: string }[]).map((row) => row.name),
    types: (types!.json().data as { name: string }[]).map((row) => row.name),
  };
}
