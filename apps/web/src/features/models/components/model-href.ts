/** The detail page of a model (spec §2 `/modelDetial?id=`). */
export const modelHref = (id: string) => `/modelDetial?id=${encodeURIComponent(id)}`;
