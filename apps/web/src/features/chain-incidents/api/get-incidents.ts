import { type IncidentStatus, incidentListResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { incidentKeys } from './keys.ts';

/**
 * GET /admin/incidents: chain incidents (credited payments a reorg took off the chain), the undecided ones by default,
 * each with what it touched and what this admin may do with it (admin).
 */
export const getIncidents = (status: IncidentStatus) =>
  get('/admin/incidents', { status, size: 50 }, { schema: incidentListResponse });

export const incidentsQueryOptions = (status: IncidentStatus) =>
  queryOptions({ queryKey: incidentKeys.list(status), queryFn: () => getIncidents(status), staleTime: 0 });

export const useIncidents = (status: IncidentStatus) => useQuery(incidentsQueryOptions(status));
