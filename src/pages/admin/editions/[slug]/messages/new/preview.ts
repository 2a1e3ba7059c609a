/** A new e-mail as a registrant would get it (GET a placeholder, POST the form as typed); src/server/mail/preview-routes.ts. */
import { newMessagePreview } from '../../../../../../server/mail/preview-routes.ts';

export const { GET, POST } = newMessagePreview;
