import { contractViolation, documentPath, type OpenApiDocument } from '@agc/shared/testing/api-contract';
import type { App, BuildOptions } from '@server/app.ts';
import { buildApp } from '@server/app.ts';
import type { AppContext } from '@server/context.ts';
import type { FastifyReply, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Documents by the routes they describe: generating one costs ~0.4 s of CPU, and the apps of a test worker with the
 * same routes (the same code, so the same schemas) have the same document.
 */
const documents = new Map<string, OpenApiDocument>();

/**
 * Builds the app as `buildApp` does, checking every answer against the document: an injected request whose answer
 * breaks the contract rejects (at the test's own call), and `close()` rejects if any answer given outside `inject`
 * (a real HTTP request) broke it.
 */
export async function buildCheckedApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  let doc: OpenApiDocument | undefined;
  /** Broken answers by their request, until the test's own inject reports one. */
  const unreported = new Map<object, string>();
  let app: App | undefined;
  const checkAnswer = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!app) return;
    if (!doc) {
      const routes = app.printRoutes({ commonPrefix: false });
      doc = documents.get(routes) ?? (app.swagger() as unknown as OpenApiDocument);
      documents.set(routes, doc);
    }
    const contentType = reply.getHeader('content-type');
    const violation = contractViolation(doc, {
      method: req.method,
      path: req.routeOptions.url === undefined ? undefined : documentPath(req.routeOptions.url),
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : payload,
    });
    if (violation) unreported.set(req.raw, violation);
  };
  const built = await buildApp(ctx, { ...options, checkAnswer });
  app = built;
  const inject = built.inject.bind(built) as (o: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const close = built.close.bind(built);
  Object.assign(built, {
    inject: async (o: InjectOptions | string) => {
      const res = await inject(o);
      const violation = unreported.get(res.raw.req);
      if (violation) {
        unreported.delete(res.raw.req);
        throw new Error(`API contract: ${violation}`);
      }
      return res;
    },
    close: async () => {
      await close();
      if (unreported.size) throw new Error(`API contract: ${[...unreported.values()].join('\n')}`);
    },
  });
  return built;
}
