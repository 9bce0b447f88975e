import { fundNavEntrySchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useNavChanged } from './post-nav.ts';

/**
 * POST /admin/funds/nav/{nav_id}/confirm or /reject: a second admin's decision on a pending NAV. The server refuses
 * the admin who entered it; its message shows once (the request wrapper's toast).
 */
export const decideNav = ({ navId, decision }: { navId: string; decision: 'confirm' | 'reject' }) =>
  post(`/admin/funds/nav/${encodeURIComponent(navId)}/${decision}`, {}, { schema: fundNavEntrySchema });

export const useDecideNav = () => useMutation({ mutationFn: decideNav, ...useNavChanged() });
