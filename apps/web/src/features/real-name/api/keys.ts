/** Query keys of the real-name area. */
export const realNameKeys = {
  all: ['real-name'] as const,
  status: () => [...realNameKeys.all, 'status'] as const,
};
