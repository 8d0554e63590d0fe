import { applications } from '@suanli/contract';
import { http } from '@/shared/http';

/** A one-time login URL on the link's own origin (valid for a minute), so the application never sees the token. */
export function appLogin({ id, port }: { id: string; port: number }) {
  return http.call(applications.appLogin, { params: { id, port } });
}
