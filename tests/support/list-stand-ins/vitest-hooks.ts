/** The stand-ins on loopback for the length of a vitest describe block (the browser tests start their own). */
import { afterAll, beforeAll } from 'vitest';
import { activeCampaignApi } from './activecampaign.ts';
import { kitApi } from './kit.ts';
import { mailchimpApi } from './mailchimp.ts';
import { standInServer, type StandInDefinition } from './stand-in.ts';

export function useStandIn<State>(definition: StandInDefinition<State>) {
  const standIn = standInServer(definition);
  beforeAll(async () => {
    await standIn.listen();
  });
  afterAll(() => standIn.close());
  return standIn;
}

export const useKit = (apiKey: string) => useStandIn(kitApi(apiKey));
export const useMailchimp = (apiKey: string) => useStandIn(mailchimpApi(apiKey));
export const useActiveCampaign = (apiKey: string) => useStandIn(activeCampaignApi(apiKey));
