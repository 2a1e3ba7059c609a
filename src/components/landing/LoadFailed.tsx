/** Said in place of a section's content when it could not be read (`what`: "Our sponsors"). */
export function LoadFailed({ what }: { what: string }) {
  return <p role="alert" className="mt-8 text-center text-muted">{`${what} could not be loaded just now. Please try again later.`}</p>;
}
