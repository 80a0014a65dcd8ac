import { useState } from 'react';
import type { IncidentFilter } from '@/api/incident/incidents';
import { QueryState } from '@/components/query-state';
import { useIncidents } from '../api/incidents';
import { periodStart } from '../lib/periods';
import { activeFilters, IncidentFilters, type ListFilter } from './incident-filters';
import { IncidentTable } from './incident-table';

const PAGE_SIZE = 20;

/** The filter as the list call takes it. */
export function listBody(filter: ListFilter, currentPage: number): IncidentFilter {
  return {
    currentPage,
    pageSize: PAGE_SIZE,
    state: filter.state.length ? filter.state : undefined,
    deviceId: filter.deviceId,
    code: filter.code,
    urgency: filter.urgency,
    userId: filter.userId,
    startTime: periodStart(filter.period),
  };
}

/** The incidents list: filters over a paged table; a row opens the incident's detail. */
export function IncidentList({ initial, onOpen }: { initial: ListFilter; onOpen: (incidentId: number) => void }) {
  const [filter, setFilter] = useState<ListFilter>(initial);
  const [page, setPage] = useState(1);
  const incidents = useIncidents(listBody(filter, page));
  return (
    <>
      <IncidentFilters
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <QueryState query={incidents}>
        <IncidentTable
          incidents={incidents.data?.list ?? []}
          total={incidents.data?.total ?? 0}
          page={page}
          pageSize={PAGE_SIZE}
          loading={incidents.isFetching && !incidents.isPending}
          filtered={activeFilters(filter) > 0}
          onPage={setPage}
          onOpen={(incident) => onOpen(incident.incidentId)}
        />
      </QueryState>
    </>
  );
}
