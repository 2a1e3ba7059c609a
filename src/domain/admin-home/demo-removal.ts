/** "Remove the demo" (docs/PRODUCT.md "Admin"): what its screen shows and what the host types to confirm. */

/** What the host types to confirm. */
export const REMOVE_DEMO_CONFIRMATION = 'remove the demo';

export interface DemoEditionRow {
  slug: string;
  name: string;
  registrants: number;
  episodes: number;
  onHomePage: boolean;
}

export interface RemoveDemoState {
  demos: DemoEditionRow[];
  confirmationText: string;
  /** What was typed, kept when the removal was refused. */
  confirmation: string;
  problem?: string;
}
