/** The not-found page of docs/PRODUCT.md "Not-found and error pages". */
export function NotFoundPage() {
  return (
    <main className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <p className="font-serif text-7xl font-bold text-brand-primary-strong">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
        <a
          href="/"
          className="mt-8 inline-block rounded-full bg-brand-primary-strong px-6 py-3 font-medium text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Return to Home
        </a>
      </div>
    </main>
  );
}
