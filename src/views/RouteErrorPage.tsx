/**
 * The route-error screen of docs/PRODUCT.md "Not-found and error pages": 'Unexpected Application Error!' with the status
 * or a message. It never shows a stack trace; the details go to the server log.
 */
interface RouteErrorPageProps {
  status: number;
  message?: string;
}

export function RouteErrorPage({ status, message }: RouteErrorPageProps) {
  return (
    <main className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-4 text-muted">{message ? `${status} ${message}` : status}</p>
        <a href="/" className="mt-8 inline-block text-brand-primary-strong underline underline-offset-4">
          Return to Home
        </a>
      </div>
    </main>
  );
}
