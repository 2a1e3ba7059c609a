/** Above a previewed home page: that it is a preview and what of (not saved); or why the form could not be previewed. */
export function PreviewNotice({ editionName, saved, page }: { editionName: string; saved: boolean; page: string }) {
  return (
    <p role="status" data-preview-notice="" className="bg-amber-50 px-6 py-3 text-center text-sm font-medium text-amber-900">
      {saved
        ? `Preview of ${editionName}’s ${page}, as saved.`
        : `Preview of ${editionName}’s ${page} with the words as typed: nothing is saved until you save the edition.`}
    </p>
  );
}

export function PreviewProblems({ editionName, problems }: { editionName: string; problems: string[] }) {
  return (
    <main className="mx-auto max-w-2xl px-6 py-12">
      <h1 className="font-serif text-3xl font-bold">The preview needs a few fixes</h1>
      <p className="mt-3 text-muted">{`${editionName}’s form would not save as typed. Fix these on the form, then preview again:`}</p>
      <ul role="alert" className="mt-6 list-disc space-y-1 pl-6 text-red-800">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </main>
  );
}
