/**
 * The chain: the server's read client, finality (the final block, canonical hashes), the signing keys,
 * the stored events (once each, with their block), the watcher that reads them for the modules that
 * register a handler, and the chain incidents (credited payments a reorg took away) with their holds.
 */
export { chainClient } from './client.ts';
export { canonicalHashes, finalBlockNumber } from './finality.ts';
export {
  closeIncidents,
  disputedSubjects,
  findIncident,
  type IncidentRow,
  type IncidentStatus,
  type IncidentSubject,
  incidentHolds,
  incidentPage,
  lockIncident,
  type NewIncident,
  OPEN_INCIDENT,
  openIncidents,
  openIncidentsOf,
  updateIncident,
} from './incidents-repository.ts';
export {
  type ChainEventHandler,
  ChainWatcher,
  INGEST_CHUNK,
  PAYMENTS_STREAM,
  type PollResult,
  ReorgDuringRead,
  WATCHER_LEASE,
  type WatcherHooks,
} from './jobs.ts';
export * from './payment-ids.ts';
export {
  approveTx,
  assertReportPays,
  ingestPaid,
  type PaidEventOf,
  type PaidLog,
  paidLogs,
  payTx,
  type StepTx,
} from './payments.ts';
export {
  byChainOrder,
  type EventPlace,
  eventKey,
  type OrphanedEvent,
  type StoredEvent,
  setOutcomes,
  storeEvents,
} from './repository.ts';
export { revertName } from './revert.ts';
export { attester, quoteSigner, voucherSigner } from './signers.ts';
export { type BlockStamp, chainHead, type WatcherStatus, watcherStatus } from './status.ts';
