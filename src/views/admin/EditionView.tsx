/**
 * /admin/editions/{slug}: the edition's data (identity, dates, the settings document, each timed
 * page's timer and each day's episode) in one form saved at once, links to its pages and
 * content, the speakers CSV tools and deletion.
 */
import { Notice, ProblemList, Refusal } from './editions/notices.tsx';
import { DeleteEdition } from './editions/DeleteEdition.tsx';
import { EditionDataForm } from './editions/EditionDataForm.tsx';
import { EditionLinks } from './editions/EditionLinks.tsx';
import { SpeakersCsvImport } from './editions/SpeakersCsvImport.tsx';
import type { EditionViewProps } from './editions/edition-view-props.ts';

import { RetentionNote } from './editions/RetentionNote.tsx';
export type { EditionViewProps } from './editions/edition-view-props.ts';

export function EditionView(props: EditionViewProps) {
  const {
    slug,
    name,
    values,
    errors,
    notice,
    refused,
    registrants,
    speakers,
    embeds,
    csv,
    deletion,
    timeZones,
    settingsProblems,
    nextRemoval,
  } = props;
  return (
    <div className="max-w-4xl space-y-8">
      <Notice message={notice} />
      <Refusal message={refused} />
      <ProblemList
        id="settings-problems"
        title="Some of this edition’s stored settings could not be read. The site and the form below use the defaults in their place until you save the form:"
        problems={settingsProblems}
      />
      <EditionLinks slug={slug} registrants={registrants} speakers={speakers} embeds={embeds} />
      <RetentionNote text={nextRemoval} />
      <EditionDataForm {...{ slug, values, errors, timeZones }} passNames={props.passNames} demo={props.demo} />
      <SpeakersCsvImport slug={slug} csv={csv} />
      <DeleteEdition slug={slug} name={name} registrants={registrants} deletion={deletion} />
    </div>
  );
}
