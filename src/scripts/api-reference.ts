/**
 * Starts Swagger UI on /api/docs (docs/decisions/0060) once its bundle has loaded: the document from
 * /api/v1/openapi.json, no validator badge (it would call a server elsewhere), "Try it out" on.
 */
interface SwaggerGlobal {
  SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
}

export function showReference(): void {
  const target = document.getElementById('api-reference');
  const start = (window as unknown as SwaggerGlobal).SwaggerUIBundle;
  if (!target || !start) return;
  start({ url: target.dataset.spec, domNode: target, validatorUrl: null, deepLinking: true, tryItOutEnabled: false });
}
