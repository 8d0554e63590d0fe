import { catalogueDesk as desk, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminCatalogueKeys } from './keys';

type Body<E> = NonNullable<EndpointRequest<E>['body']>;
export type ImageBody = Body<typeof desk.addDeskImage>;
export type ImageTypeBody = Body<typeof desk.addDeskImageType>;
export type ModelBody = Body<typeof desk.addDeskModel>;
type HideBody = Body<typeof desk.hideDeskImage>;
type WithId<T> = T & { id: string };

/**
 * Every change of the desk: silent, since each dialog reports a refusal itself (under the field it names, or the
 * server's words, such as another operator's 409). Any answer refreshes the whole desk, so that after a refusal the
 * operator sees the other operator's change with the version to change it at.
 */
function useCatalogueChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCatalogueKeys.all }),
  });
}

export const useAddImageType = () =>
  useCatalogueChange((body: ImageTypeBody) => http.call(desk.addDeskImageType, { body, silent: true }));

export const useUpdateImageType = () =>
  useCatalogueChange(({ id, ...body }: WithId<Body<typeof desk.updateDeskImageType>>) =>
    http.call(desk.updateDeskImageType, { params: { id }, body, silent: true }),
  );

export const useHideImageType = () =>
  useCatalogueChange(({ id, ...body }: WithId<HideBody>) =>
    http.call(desk.hideDeskImageType, { params: { id }, body, silent: true }),
  );

export const useAddImage = () =>
  useCatalogueChange((body: ImageBody) => http.call(desk.addDeskImage, { body, silent: true }));

export const useUpdateImage = () =>
  useCatalogueChange(({ id, ...body }: WithId<Body<typeof desk.updateDeskImage>>) =>
    http.call(desk.updateDeskImage, { params: { id }, body, silent: true }),
  );

export const useHideImage = () =>
  useCatalogueChange(({ id, ...body }: WithId<HideBody>) =>
    http.call(desk.hideDeskImage, { params: { id }, body, silent: true }),
  );

export const useSetBanner = () =>
  useCatalogueChange(({ id, ...body }: WithId<Body<typeof desk.setDeskImageBanner>>) =>
    http.call(desk.setDeskImageBanner, { params: { id }, body, silent: true }),
  );

export const useAddModel = () =>
  useCatalogueChange((body: ModelBody) => http.call(desk.addDeskModel, { body, silent: true }));

export const useUpdateModel = () =>
  useCatalogueChange(({ id, ...body }: WithId<Body<typeof desk.updateDeskModel>>) =>
    http.call(desk.updateDeskModel, { params: { id }, body, silent: true }),
  );

export const useHideModel = () =>
  useCatalogueChange(({ id, ...body }: WithId<HideBody>) =>
    http.call(desk.hideDeskModel, { params: { id }, body, silent: true }),
  );
