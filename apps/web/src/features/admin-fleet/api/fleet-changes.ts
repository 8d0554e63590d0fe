import { fleet, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminFleetKeys } from './keys';

type Body<E> = NonNullable<EndpointRequest<E>['body']>;
export type AddHostBody = Body<typeof fleet.addFleetHost>;
export type AddGpuModelBody = Body<typeof fleet.addFleetGpuModel>;
export type GpuPriceBody = Body<typeof fleet.setFleetGpuPrice>;

/**
 * Every change of the desk: silent, since each dialog reports a refusal itself (under the field it names, or the
 * server's words, such as another operator's 409). Any answer refreshes the whole desk: a refusal is most often
 * another operator's change, which the operator then sees with the version to change it at.
 */
function useFleetChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFleetKeys.all }),
  });
}

export const useAddRegion = () =>
  useFleetChange((body: Body<typeof fleet.addFleetRegion>) => http.call(fleet.addFleetRegion, { body, silent: true }));

export const useRenameRegion = () =>
  useFleetChange(({ id, ...body }: Body<typeof fleet.renameFleetRegion> & { id: string }) =>
    http.call(fleet.renameFleetRegion, { params: { id }, body, silent: true }),
  );

export const useAddHost = () =>
  useFleetChange((body: AddHostBody) => http.call(fleet.addFleetHost, { body, silent: true }));

export const useSetHostState = () =>
  useFleetChange(({ id, ...body }: Body<typeof fleet.setFleetHostState> & { id: string }) =>
    http.call(fleet.setFleetHostState, { params: { id }, body, silent: true }),
  );

export const useSetGpuBroken = () =>
  useFleetChange(({ id, ...body }: Body<typeof fleet.setFleetGpuBroken> & { id: string }) =>
    http.call(fleet.setFleetGpuBroken, { params: { id }, body, silent: true }),
  );

export const useAddGpuModel = () =>
  useFleetChange((body: AddGpuModelBody) => http.call(fleet.addFleetGpuModel, { body, silent: true }));

export const useSetGpuPrice = () =>
  useFleetChange(({ gpuModel, ...body }: GpuPriceBody & { gpuModel: string }) =>
    http.call(fleet.setFleetGpuPrice, { params: { gpuModel }, body, silent: true }),
  );

export const useSetDurationDiscount = () =>
  useFleetChange(
    ({ billingMode, ...body }: Body<typeof fleet.setFleetDurationDiscount> & { billingMode: DiscountMode }) =>
      http.call(fleet.setFleetDurationDiscount, { params: { billingMode }, body, silent: true }),
  );

export const useSetVipDiscount = () =>
  useFleetChange(({ grade, ...body }: Body<typeof fleet.setFleetVipDiscount> & { grade: number }) =>
    http.call(fleet.setFleetVipDiscount, { params: { grade }, body, silent: true }),
  );

export type DiscountMode = 'day' | 'week' | 'month' | 'year';
