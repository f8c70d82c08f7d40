import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { operationList, type AnyOperation } from '@portal/contracts';
import { appendAuditEvents } from '../../repositories/audit';
import { tenantIdOf } from './auth';

/** What a handler may add to its audit row (issue 23 §3): all optional, the hook fills the rest. */
export interface AuditNote {
  /** Who acted when the request has no session user (sign-in, an accepted invitation, a reset). */
  user?: { id: number | null; email: string };
  /** The agency (and dealership) the action concerns when the path does not name it. */
  organizationId?: number | null;
  dealershipId?: number | null;
  /** What the action was done to, e.g. `user 42 (jo@dealer.test)`. */
  target?: string;
  /** What changed, in words (never a secret); replaces the summary of the body. */
  summary?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by handlers through `noteAudit` (plugins/app/audit.ts). */
    auditNote: AuditNote | null;
  }
}

/** Adds to the audit row of this request (merged with what was noted before). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

/** Field names whose values are secrets: never written to the log (passwords, tokens, keys, signatures). */
const SECRET_FIELD = /(pass(word)?|token|secret|signature|credential|authorization|cookie|private_?key|api_?key)/i;
const MAX_SUMMARY = 2000;

/** A value of a request body as the summary shows it, with secret fields replaced by `[redacted]`. */
function summarise(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => summarise(item, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 50)
        .map(([key, item]) => [key, SECRET_FIELD.test(key) ? '[redacted]' : summarise(item, depth + 1)]),
    );
  }
  return String(value);
}

/**
 * The summary of a request's body: its fields as JSON with secrets redacted (`SECRET_FIELD`), or
 * the size and type of a non-JSON body (a file, a CSV feed), cut to 2,000 characters.
 */
export function bodySummary(body: unknown, contentType: string | undefined): string {
  if (body === undefined || body === null) return '';
  if (Buffer.isBuffer(body) || typeof body === 'string')
    return `${Buffer.byteLength(body)} bytes of ${contentType?.split(';')[0] ?? 'data'}`;
  if (typeof body !== 'object') return '';
  const text = JSON.stringify(summarise(body));
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY)}…` : text;
}

/** The path parameters other than the tenant's, e.g. `user_id=42 campaign_id=7`, as the default target. */
function pathTarget(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const parts = Object.entries(params as Record<string, unknown>)
    .filter(([name]) => name !== 'organization_id' && name !== 'dealership_id')
    .map(([name, value]) => `${name === '*' ? 'path' : name}=${String(value).slice(0, 200)}`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The state-changing operations by `METHOD /url-pattern` (the route's URL as registered). */
const stateChanging = new Map<string, AnyOperation>(
  operationList
    .filter((operation) => operation.method !== 'GET')
    .map((operation) => [`${operation.method} ${operation.path}`, operation]),
);

/**
 * The audit hook (issue 23 §3, docs/users.md "Audit log"): one `onSend` hook for every route, keyed on
 * the matched route's operation descriptor — so every state-changing operation of the registry,
 * including those added later, is recorded without asking. A row is written for each
 * state-changing request that reached a route with a signed-in user (whatever the outcome: the
 * status tells done from refused) and for every request to a public one (sign-in, sign-out, a
 * signed upload, invitation and reset links): who, when (`app.clock()`), client address, tenant,
 * action (operation id), target, status and a summary without secrets. Anonymous requests refused
 * before they reached a handler (401, CSRF) are not recorded. The row is written before the answer
 * leaves, after the handler's own writes; a failure to write is logged and does not change the answer.
 */
export default fp(
  async (app) => {
    app.decorateRequest('auditNote', null);
    app.addHook('onSend', async (request, reply, payload) => {
      const operation = stateChanging.get(`${request.method} ${request.routeOptions.url ?? ''}`);
      if (!operation) return payload;
      const note = request.auditNote;
      const user = request.user;
      if (!user && !note?.user && operation.access !== 'public') return payload;
      const params = request.params as { organization_id?: unknown; dealership_id?: unknown } | undefined;
      // The path's tenant only once the tenant check let the user in: a refused attempt is recorded
      // in the user's own agency, never shown to the agency it was aimed at.
      const pathOrganization = request.tenantChecked ? tenantIdOf(params?.organization_id) || null : null;
      const pathDealership = request.tenantChecked ? tenantIdOf(params?.dealership_id) || null : null;
      try {
        await appendAuditEvents(app.db, [
          {
            at: app.clock(),
            userId: note?.user?.id ?? user?.id ?? null,
            userEmail: note?.user?.email ?? user?.email ?? null,
            clientAddress: request.ip,
            organizationId:
              note?.organizationId !== undefined
                ? note.organizationId
                : (pathOrganization ?? user?.organization_id ?? null),
            dealershipId: note?.dealershipId !== undefined ? note.dealershipId : pathDealership,
            action: operation.id,
            method: request.method,
            route: operation.path,
            target: note?.target ?? pathTarget(request.params),
            status: reply.statusCode,
            summary: note?.summary ?? bodySummary(request.body, request.headers['content-type']),
          },
        ]);
      } catch (error) {
        request.log.error({ err: error, action: operation.id }, 'audit row could not be written');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['auth'] },
);
