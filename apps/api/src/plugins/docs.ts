import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
};

/**
 * A 204 answer has no body, so it has no content type either; the zod schema a route gives for it
 * (`z.null()`) would otherwise be published as an `application/json` body that never comes.
 */
function withoutBodiesOn204(doc: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) delete operation.responses?.['204']?.content;
  }
  return doc;
}

/**
 * OpenAPI generated from the routes' zod schemas, at /api/docs (UI) and /api/docs/json.
 * Registered before the routes so that every route is collected.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Habla API',
        version: '0.1.0',
        description: 'Answers use the envelope { status, data | errors, message?, meta? }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      ('openapiObject' in doc
        ? withoutBodiesOn204(doc.openapiObject as OpenApiDocument)
        : doc.swaggerObject) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI loads its scripts as files; it needs inline styles, so only this page relaxes style-src.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    uiConfig: { deepLinking: false },
  });
});
