/** Where a personal page's own part goes; the server fills it per request (src/domain/personal-page.ts). */
export function PersonalSlot() {
  return <div data-personal-slot="banner" />;
}
