/**
 * The kinds of audit event the filter offers, in this order: the server's list (backend/cleanfleet/audit/kinds.py),
 * read from the API schema, so a kind added or removed there fails the type check here until it is listed (and
 * until every language's `kinds` names it: locales/en.ts is typed with `AuditKind`).
 */
import type { components } from '@/api/schema';

export type AuditKind = components['schemas']['AuditOut']['kind'];

const ORDER: Record<AuditKind, true> = {
  sign_in: true, sign_in_failed: true, sign_in_locked: true, sign_out: true, session_ended: true,
  factor_added: true, factor_removed: true, recovery_codes_made: true, recovery_code_used: true,
  second_factor_failed: true, provider_refused: true, token_used: true,
  access_change: true, ownership_change: true, update_published: true, rollout_change: true, settings_change: true,
  operations_change: true, change: true,
  control_taken: true, control_released: true, robot_command: true, drive_session: true,
  export: true, download: true, video_viewed: true, data_export: true, person_erasure: true, erasure_notice: true, refused: true,
};

export const KINDS = Object.keys(ORDER) as AuditKind[];
