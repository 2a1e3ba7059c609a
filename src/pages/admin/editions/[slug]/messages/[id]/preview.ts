/** One saved e-mail as a registrant gets it (GET `?for=registrant:{id}`, POST the editor's draft); src/server/mail/preview-routes.ts. */
import { savedMessagePreview } from '../../../../../../server/mail/preview-routes.ts';

export const { GET, POST } = savedMessagePreview;
