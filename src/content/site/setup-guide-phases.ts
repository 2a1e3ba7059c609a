/**
 * The setup guide's content (docs/PRODUCT.md "Setup guide": 5 phases): how a host installs,
 * configures, deploys and runs their own copy of this summit site. Everything here describes
 * this product as README.md documents it: its commands, environment variables and routes.
 * Item ids are remembered in visitors' browsers: rename one only if its meaning changes.
 */
import type { SetupPhase } from '../../domain/setup-guide.ts';

/** The context every AI prompt starts with, so an assistant knows what it is helping with. */
const STACK =
  'I am self-hosting a summit website (marketing, registration, day pages with timed access, member dashboards and embeddable widgets). ' +
  'It is an Astro 7 server (@astrojs/node, standalone) with React 19 islands, Tailwind CSS v4 and Drizzle ORM. ' +
  'Its data lives in an embedded PGlite database in DATA_DIR (default ./data), or in Postgres when DATABASE_URL is set. ' +
  'Every setting is an environment variable with a default; `npm start` builds, migrates, seeds and serves on port 4321.';

const prompt = (task: string) => `${STACK}\n\n${task}`;

export const setupGuidePhases: SetupPhase[] = [
  {
    id: 'infrastructure',
    title: 'Infrastructure',
    description: 'Install the site, choose where its data lives, connect real e-mail, and make sure you can test and restore it.',
    items: [
      {
        id: 'install-and-start',
        title: 'Install and start the site',
        summary: 'Two commands on a machine with Node 20 or newer and npm: no database server to install.',
        steps: [
          'Install Node 20 or newer and npm. `npm install` also installs Node 24 into node_modules/.bin, which `npm start` uses (Astro 7 needs Node 22.12 or newer).',
          'In the project folder run `npm install && npm start`.',
          'Wait for the first start to build the site, create ./data, migrate the database and seed the demo content (three editions: july, august and september).',
          'Open http://localhost:4321 and look around: the landing page, /register, /day-1 and /dashboard.',
        ],
        prompts: [
          {
            label: 'Get the site running on my machine',
            text: prompt(
              'Walk me step by step through running `npm install && npm start` on [my operating system], including installing Node 20 or newer. ' +
                'Explain what the first start does (astro build, database migration, demo seed) and how to stop and restart the server cleanly.',
            ),
          },
        ],
        troubleshooting: [
          '"Address already in use": another program holds port 4321. Start with `PORT=4400 npm start`, or stop the other program.',
          'Install errors about the Node version: check `node --version` is 20 or newer, then delete node_modules and run `npm install` again.',
        ],
        validation: [
          'http://localhost:4321 shows the landing page with the demo speakers.',
          'GET /healthz answers {"status":"ok"}.',
          'A second `npm start` starts faster and keeps your data (it adds no second copy of the demo content).',
        ],
      },
      {
        id: 'choose-database',
        title: 'Choose your database',
        summary: 'The embedded PGlite database in ./data needs nothing else; Postgres lets several app processes share one database.',
        dashboards: [
          { label: 'Neon console (Postgres)', url: 'https://console.neon.tech/' },
          { label: 'Supabase dashboard (Postgres)', url: 'https://supabase.com/dashboard' },
          { label: 'Amazon RDS console', url: 'https://console.aws.amazon.com/rds/' },
        ],
        steps: [
          'For one server, keep the default: PGlite stores the database in DATA_DIR (./data unless you set `DATA_DIR=/var/lib/summit`), beside the mail outbox and uploads.',
          'With PGlite, only one running process may use a data folder: give every process its own DATA_DIR.',
          'For Postgres, create an empty database and start with `DATABASE_URL=postgres://user:password@db.example.com:5432/summit npm start`. Migrations run on start, under a lock.',
          'Decide before launch: switching database later starts from a new, empty database (move your content across with the admin’s JSON export and import).',
        ],
        prompts: [
          {
            label: 'Set up Postgres for the site',
            text: prompt(
              'Help me create a Postgres database and user for this site on [my Postgres provider or server], and build the DATABASE_URL (postgres://user:password@host:5432/dbname) it needs. ' +
                'Explain which privileges the user needs so the Drizzle migrations can create tables on start.',
            ),
          },
          {
            label: 'PGlite or Postgres?',
            text: prompt(
              'I expect [number] registrations and want to run on [my hosting]. Should I keep the embedded PGlite database in DATA_DIR or use Postgres with DATABASE_URL? Compare backups, scaling to several app processes and what I must run myself.',
            ),
          },
        ],
        troubleshooting: [
          'The site answers 503 on /healthz: the database does not answer. Check DATABASE_URL (host, port, password, database name) and that the server accepts connections from this machine.',
          'A password with characters like @, : or / must be URL-encoded inside DATABASE_URL (@ becomes %40).',
          'Two processes on one DATA_DIR can corrupt the embedded database: stop one, or give each its own folder.',
        ],
        validation: [
          'GET /healthz answers {"status":"ok"} with your database settings.',
          'With PGlite, DATA_DIR contains a pglite/ folder; with Postgres, the database now has the site’s tables.',
        ],
      },
      {
        id: 'connect-email',
        title: 'Send real e-mail',
        summary: 'Registration confirmations are written to ./data/outbox until SMTP_URL is set.',
        dashboards: [
          { label: 'Postmark (mail)', url: 'https://account.postmarkapp.com/' },
          { label: 'Mailgun (mail)', url: 'https://app.mailgun.com/' },
          { label: 'Amazon SES console (mail)', url: 'https://console.aws.amazon.com/ses/' },
        ],
        steps: [
          'Without SMTP_URL every message is written to DATA_DIR/outbox/*.eml: open one in a mail program to check the wording.',
          'In your mail provider’s dashboard create SMTP credentials and verify your sending domain (SPF and DKIM).',
          'Start with `SMTP_URL=smtps://user:pass@smtp.example.com:465` and `MAIL_FROM="Your Summit <hello@yourdomain.com>"` (an address on the verified domain).',
          'Register on /register with your own address.',
        ],
        prompts: [
          {
            label: 'Configure SMTP for confirmation e-mails',
            text: prompt(
              'The site sends mail with nodemailer: SMTP_URL takes smtp:// or smtps://user:pass@host:port and MAIL_FROM sets the sender. ' +
                'Help me build the SMTP_URL for [my mail provider], choose port 465 (smtps) or 587 (smtp with STARTTLS), and set up SPF and DKIM for [my domain] so confirmations do not land in spam.',
            ),
          },
        ],
        troubleshooting: [
          'Nothing arrives: look at the JSON logs on stdout (set LOG_LEVEL=debug for more) for SMTP errors such as a refused login.',
          'Mail lands in spam: send from an address on a domain whose SPF and DKIM your mail provider shows as verified.',
          'Special characters in the SMTP password must be URL-encoded inside SMTP_URL.',
        ],
        validation: [
          'Without SMTP_URL, registering creates a new .eml file in DATA_DIR/outbox.',
          'With SMTP_URL set, the confirmation e-mail reaches your inbox, sent from MAIL_FROM.',
        ],
      },
      {
        id: 'tests-and-backups',
        title: 'Run the tests and plan backups',
        summary: 'Prove your copy works with the test suite, and make sure you can restore your data.',
        steps: [
          'Run `npm install && npm test`: type checks, Vitest unit and integration tests on PGlite, and Playwright browser tests.',
          'The browser tests need Chromium at /usr/bin/chromium (Debian: `apt-get install -y chromium`) or at the path in CHROMIUM_PATH; they never download a browser. `npm run test:unit` runs only Vitest.',
          'To also test against your Postgres, set TEST_DATABASE_URL to a server the tests may create databases on.',
          'Back up PGlite by stopping the site and copying the whole DATA_DIR (for example `tar czf summit-backup.tgz data`). On Postgres use `pg_dump "$DATABASE_URL" > summit.sql`, and still copy DATA_DIR for the uploads.',
        ],
        prompts: [
          {
            label: 'Schedule backups',
            text: prompt(
              'Write a nightly backup script for [my server] that backs up this site: with PGlite, stop the service, archive DATA_DIR (database in pglite/, mail outbox, uploads) and start it again; with Postgres, run pg_dump "$DATABASE_URL" and archive DATA_DIR/uploads. Keep 14 days and copy them off the machine.',
            ),
          },
        ],
        troubleshooting: [
          'Browser tests fail to launch Chromium: install it (`apt-get install -y chromium`) or set CHROMIUM_PATH to your Chromium.',
          'Copying DATA_DIR while the site runs can catch the database mid-write: stop the process first (it closes the database cleanly on SIGTERM).',
        ],
        validation: [
          '`npm test` ends with every suite passing.',
          'A restore works: unpack the backup into a new folder and run `DATA_DIR=./restore-test PORT=4400 npm start`, then open http://localhost:4400 and see your content.',
        ],
      },
    ],
  },
  {
    id: 'timer-and-access',
    title: 'Timer and Access',
    description:
      'Decide how long each day page and dashboard stays open, where visitors go when it closes, and check that access really ends.',
    items: [
      {
        id: 'choose-timer-mode',
        title: 'Choose evergreen or live timers',
        summary:
          'Each timed page (day 1, day 2, day 3, dashboard) of an edition has its own timer: evergreen from the first visit, or a live window on the calendar.',
        steps: [
          'In the admin (/admin), open the edition and the timer of each page: day 1, day 2, day 3 and the dashboard.',
          'Evergreen counts from each visitor’s first visit: the demo uses 24 hours for day 1, day 2 and day 3, and 30 days for the dashboard.',
          'Live opens every visitor’s page at the same wall-clock times: set the start and end (like 2025-09-23T00:00 to 2025-09-24T00:00) and an IANA time zone such as Australia/Sydney.',
          'Keep the three day pages in one mode per edition, so the days follow each other as visitors expect.',
        ],
        prompts: [
          {
            label: 'Plan my access windows',
            text: prompt(
              'Each edition has a timer per page (day1, day2, day3, dashboard). Evergreen timers have durationSeconds counted from the visitor’s first visit; live timers have eventStartDate and eventEndDate as local times like 2025-09-23T00:00 plus an IANA timezone. ' +
                'My summit runs [dates] for an audience in [time zones]. Recommend evergreen or live and give me the exact values for each page.',
            ),
          },
        ],
        troubleshooting: [
          'A live window is an hour off: use an IANA zone name (Australia/Sydney), not an abbreviation like AEST or a fixed offset; the zone name follows daylight saving, so a day across the change lasts 23 or 25 hours.',
          'Visitors can reach a page before it opens: before a live start the page shows a countdown to the start, so link to it only when you want them to see that.',
        ],
        validation: [
          'A first visit to an evergreen day 1 shows a countdown of just under 24 hours (days, hours, minutes and seconds, two digits each).',
          'A live day page shows the countdown to its start before the window and to its end during it.',
        ],
      },
      {
        id: 'set-redirects',
        title: 'Set where a closed page redirects',
        summary: 'Day 1 leads to day 2, day 2 to day 3, day 3 to your course page and the dashboard to your main site.',
        steps: [
          'Give day 1 and day 2 relative targets: `day-2` and `day-3`. They resolve against the page’s own address, so `day-2` from /august/day-1 is /august/day-2, and from /day-1 is /day-2.',
          'Give day 3 the absolute address of your course page (https://…), and the dashboard your main site.',
          'Set the edition’s course URL and main-site URL in its links too, so the buttons on the pages agree with the redirects.',
        ],
        prompts: [
          {
            label: 'Check my redirect chain',
            text: prompt(
              'Timer redirect targets are URL references resolved against the page’s own URL: "day-2" from /august/day-1 becomes /august/day-2, while absolute URLs are used as they are. ' +
                'Here are my editions and targets: [list]. Check that every chain ends outside the timed pages, that no target loops back, and that each edition stays on its own pages.',
            ),
          },
        ],
        troubleshooting: [
          'A redirect jumps to the july pages: a target starting with a slash (/day-2) is the same address from every edition. Use `day-2` without the slash.',
          'A redirect loop: the last page of a chain must point outside the timed pages (your course page or main site).',
        ],
        validation: [
          'When day 1’s window has closed, opening it answers with a redirect (HTTP 302) to day 2 of the same edition.',
          'When day 3 has closed, it lands on your course page.',
        ],
      },
      {
        id: 'test-access',
        title: 'Test that access really ends',
        summary: 'The server enforces every window: a closed page redirects before it renders, whatever the browser does.',
        steps: [
          'Open a day page in a fresh private (incognito) window: each new browser session is a new anonymous visitor with a new evergreen window.',
          'To test an ending without waiting, temporarily set a short evergreen duration (for example two minutes) on a page in the admin, visit it, and wait.',
          'Watch the banner: "Your summit access is now over - Redirecting you now..." (evergreen) or "The {day} event has ended - Redirecting you now..." (live), then the redirect.',
          'Put the real durations back afterwards.',
        ],
        prompts: [
          {
            label: 'Write a test plan for my access windows',
            text: prompt(
              'Access windows are enforced on the server: the visitor id is an HttpOnly cookie, the first visit of each page is recorded in the user_sessions table, and a closed window answers 302 before rendering. ' +
                'Write me a manual test plan for [my timer settings] covering a fresh private window, a returning visitor, the end of the window and the redirect target.',
            ),
          },
        ],
        troubleshooting: [
          'Never set UNSAFE_TEST_CLOCK=true on a public server: it lets any request change the server’s clock and extend access.',
          'The timer never appears and a reset option shows: the visit could not be recorded. Check /healthz and the logs; the reset option (POST /session/reset) gives the browser a new session.',
        ],
        validation: [
          'After the window closes, reloading the page, clearing site storage or turning off JavaScript still redirects.',
          'A fresh private window starts a new window from its own first visit.',
        ],
      },
    ],
  },
  {
    id: 'content-customisation',
    title: 'Content Customisation',
    description: 'Make the summit yours: its editions and people, your brand, a clean start, and your own images.',
    items: [
      {
        id: 'review-editions',
        title: 'Shape your editions and people',
        summary: 'Editions are data: each has its dates, timers, links and dashboard blocks, and its own speakers, hosts and sessions.',
        steps: [
          'Sign in to the admin at /admin and open an edition (the demo has july, august and september): check its dates, time zone, links and checkout URLs.',
          'Edit its people: speakers, the daily hosts, and implementation sessions where the edition offers them.',
          'Edit the bonus bundle (where the edition has one), the sponsors and the FAQ.',
          'Add an edition for your next summit as data: it gets its own day pages, dashboard and widgets at /{edition}/… with no code change.',
        ],
        prompts: [
          {
            label: 'Draft my speaker and host profiles',
            text: prompt(
              'Each edition has speakers (name, topic, short description, image), a host per day (with a greeting audio and a free gift) and optional implementation sessions. ' +
                'From these notes [paste notes], draft speaker topics and short descriptions of 40-60 words, in the warm tone of a heart-led audio summit.',
            ),
          },
        ],
        troubleshooting: [
          'An edition’s implementation or bonus widget answers 400 or is missing: those views exist only where the edition’s features enable them.',
          'A description shows without some of its formatting: HTML fields are sanitised, and links other than http, https, mailto and a few other safe protocols are blanked.',
        ],
        validation: [
          'Your edition’s pages (/{edition}/day-1 … /day-3 and /{edition}/dashboard) show your speakers and hosts.',
          '/api/fetch-speakers?summit={edition} returns your speakers.',
        ],
      },
      {
        id: 'apply-brand',
        title: 'Apply your brand',
        summary: 'Colours, logo and host details come from the brand configuration, not from code.',
        steps: [
          'Open /brand-config. On Branding set the summit name, tagline, the three colours and your logo (upload it or give its URL).',
          'On Content add the host’s name, title and bio; on Links your sales page, thank-you page, course and social links; on Settings the timer defaults and the support and reply-to e-mails.',
          'Use the generated AI prompts (colour scheme, summit content, redirect URLs, timer config) with your assistant, and Download Configuration to keep a copy.',
          'Apply the configuration to the site (signed in to the admin): the colours reach every page through CSS variables, with no rebuild or restart.',
        ],
        prompts: [
          {
            label: 'Choose an accessible colour scheme',
            text: prompt(
              'The brand has a primary, secondary and accent colour (#RRGGBB) exposed as CSS variables (--brand-primary, --brand-secondary, --brand-accent) to Tailwind CSS v4. ' +
                'My brand is [describe]. Suggest three colours, and check white text on a darkened primary and primary text on white meet WCAG AA contrast.',
            ),
          },
        ],
        troubleshooting: [
          'The logo upload fails: only image files are accepted (JPG, PNG, SVG) and their size is limited; try a smaller PNG, or give a logo URL instead.',
          'A colour is refused: use # and six hexadecimal digits, like #8B5CF6.',
        ],
        validation: [
          'The landing page shows your colours, summit name and logo.',
          'The downloaded configuration file contains your settings and can be loaded again.',
        ],
      },
      {
        id: 'clean-start',
        title: 'Start clean or from the demo',
        summary: 'The demo content is seeded only into a new, empty database; SEED_DEMO_CONTENT=false starts without it.',
        steps: [
          'Decide whether to edit the demo editions into your own, or to start empty.',
          'To start empty, run the first start with `SEED_DEMO_CONTENT=false npm start` on a new DATA_DIR (or a new Postgres database).',
          'Existing data is never overwritten: later starts keep your content and add nothing, whatever SEED_DEMO_CONTENT says.',
        ],
        prompts: [
          {
            label: 'Plan my first edition from scratch',
            text: prompt(
              'I started with SEED_DEMO_CONTENT=false, so the database is empty. List what I must create in the admin (/admin) for one edition to work end to end: the edition and its dates, timers for day1, day2, day3 and dashboard, the three days, speakers, hosts, sponsors and FAQ, in a sensible order.',
            ),
          },
        ],
        troubleshooting: [
          'The demo content is still there after setting SEED_DEMO_CONTENT=false: the flag only matters on a new database. Start on a new DATA_DIR, or delete the demo editions in the admin.',
        ],
        validation: [
          'With a clean start, the admin lists no editions until you create one.',
          'Restarting the site keeps everything you created.',
        ],
      },
      {
        id: 'upload-images',
        title: 'Upload your images',
        summary: 'Speaker photos, host headshots and logos are stored in DATA_DIR/uploads and resized for each screen.',
        steps: [
          'Upload images where the admin or /brand-config offers it; they are stored under random names in DATA_DIR/uploads and served under /uploads/.',
          'Use photos at least 1280 pixels wide: the site serves resized WebP copies at /media/{width}/… for widths 160 to 1280.',
          'Include DATA_DIR/uploads in your backups, also when the database is Postgres.',
        ],
        prompts: [
          {
            label: 'Prepare speaker photos',
            text: prompt(
              'Uploads are image files checked by content, size-limited, with SVGs sanitised, and served resized to WebP at widths 160-1280. ' +
                'Give me a quick checklist and a command-line recipe (for example with ImageMagick) to crop [number] speaker photos to square, at least 1280 px, under a sensible file size.',
            ),
          },
        ],
        troubleshooting: [
          'An upload is refused: the file must really be an image (its content is checked, not its name) and within the size limit.',
          'An image is missing after a move to a new server: copy DATA_DIR/uploads along with the database.',
        ],
        validation: ['The uploaded image shows on its page, and its address starts with /uploads/ or /media/.'],
      },
    ],
  },
  {
    id: 'domain-and-deployment',
    title: 'Domain and Deployment',
    description: 'Put the site on your domain behind HTTPS, scale it out when needed, and share the widgets with partners.',
    items: [
      {
        id: 'https-and-domain',
        title: 'Serve it on your domain with HTTPS',
        summary: 'Run the site on a local port and put a reverse proxy that handles HTTPS in front of it.',
        dashboards: [
          { label: 'Cloudflare dashboard (DNS)', url: 'https://dash.cloudflare.com/' },
          { label: 'DigitalOcean control panel (hosting)', url: 'https://cloud.digitalocean.com/' },
          { label: 'Hetzner Cloud console (hosting)', url: 'https://console.hetzner.cloud/' },
        ],
        steps: [
          'Point your domain’s DNS at your server (in your DNS provider’s dashboard).',
          'Start the site on a local address: `HOST=127.0.0.1 PORT=4321 npm start`, under a service manager (systemd, Docker or your host’s process manager) that restarts it.',
          'Put a reverse proxy with HTTPS in front (Caddy, nginx or your platform’s load balancer) forwarding to 127.0.0.1:4321, and set TRUST_PROXY=true so rate limits see real client addresses from X-Forwarded-For.',
          'Set SITE_URL=https://yourdomain.com so links in e-mails point to your public address.',
        ],
        prompts: [
          {
            label: 'Configure my reverse proxy',
            text: prompt(
              'Write a [Caddy or nginx] configuration that serves [my domain] over HTTPS and forwards to the Node server at 127.0.0.1:4321, passing X-Forwarded-For and X-Forwarded-Proto. ' +
                'Also give me a systemd unit that runs `npm start` with HOST=127.0.0.1, TRUST_PROXY=true and SITE_URL=https://[my domain], and stops it with SIGTERM.',
            ),
          },
        ],
        troubleshooting: [
          'Every visitor hits the registration rate limit together: TRUST_PROXY is not set, so all requests seem to come from the proxy.',
          'Links in confirmation e-mails point to localhost: set SITE_URL to your public https:// address.',
          'Only set TRUST_PROXY=true behind a proxy: without one, visitors could fake X-Forwarded-For.',
        ],
        validation: [
          'https://yourdomain.com shows the site with a valid certificate.',
          'https://yourdomain.com/healthz answers {"status":"ok"}.',
          'A test registration’s e-mail links to https://yourdomain.com.',
        ],
      },
      {
        id: 'scale-out',
        title: 'Run several app processes',
        summary: 'For large launches, run any number of app processes on one Postgres behind a load balancer.',
        steps: [
          'Move to Postgres first (DATABASE_URL): PGlite serves one process per data folder.',
          'Start the processes with the same DATABASE_URL and settings; they may start together, since migrations take a lock.',
          'Have the load balancer check GET /healthz: 200 {"status":"ok"} when the database answers, 503 otherwise.',
          'Remember REGISTRATION_RATE_LIMIT counts per app process.',
        ],
        prompts: [
          {
            label: 'Set up a load balancer',
            text: prompt(
              'I want to run [number] app processes on [my platform] sharing one Postgres (DATABASE_URL). Set up a load balancer with a health check on GET /healthz (200 when healthy, 503 when the database is down), graceful shutdown on SIGTERM, and HTTPS at the edge with TRUST_PROXY=true.',
            ),
          },
        ],
        troubleshooting: [
          'A process is taken out of rotation: its /healthz answers 503 because it cannot reach Postgres; check its DATABASE_URL and the database’s connection limit.',
          'An uploaded image shows through one process but not another: uploads are stored in each process’s DATA_DIR/uploads, so mount one shared volume at that path on every process.',
          'Without SMTP_URL each process writes mail to its own DATA_DIR/outbox: set SMTP_URL before scaling out.',
        ],
        validation: [
          'Every process answers GET /healthz with {"status":"ok"}.',
          'Stopping one process leaves the site up through the others.',
        ],
      },
      {
        id: 'partner-embeds',
        title: 'Share the widgets with partners',
        summary: 'Speakers, implementation-session and bonus-bundle widgets can be embedded on partner sites and size themselves.',
        steps: [
          'Open /embed: each enabled widget has a one-line snippet, a copy button and a live preview.',
          'Send partners the snippet; it loads /embed.js from your domain, which sizes the widget’s iframe to its content.',
          'Turn widgets on or off per edition in its settings in the admin.',
        ],
        prompts: [
          {
            label: 'Write partner instructions',
            text: prompt(
              'Partners embed my widgets (routes ending in -embed, like /september/implementation-embed) with a snippet from /embed that loads /embed.js, or as a plain iframe that listens for iframe-resize messages. ' +
                'Write short instructions for partners using [WordPress, Squarespace or Kajabi] on where to paste the snippet.',
            ),
          },
        ],
        troubleshooting: [
          'A widget shows a blank frame on the partner’s page: only addresses ending in -embed may be framed; other pages refuse to load in an iframe.',
          'A widget is missing from /embed: it is not enabled for that edition.',
        ],
        validation: [
          'The previews on /embed show the widgets at their full height.',
          'A test page with the snippet on another domain shows the widget without a scroll bar.',
        ],
      },
    ],
  },
  {
    id: 'content-management',
    title: 'Content Management',
    description: 'Day-to-day running: the admin account, editing content, moving it in and out, and your registrants.',
    items: [
      {
        id: 'first-admin',
        title: 'Create your admin account',
        summary: 'The admin at /admin is behind a sign-in; create the first account from the command line.',
        steps: [
          'On the server, in the project folder and with the same DATA_DIR or DATABASE_URL as the site, run `npm run admin:create -- --email you@example.com` and choose a strong password.',
          'Open /admin and sign in with that e-mail and password.',
          'Add an account for each person who edits content, so nobody shares a password.',
        ],
        prompts: [
          {
            label: 'Secure the admin',
            text: prompt(
              'The admin lives at /admin behind a sign-in with hashed passwords and rate-limited attempts; the first account is created with `npm run admin:create -- --email you@example.com`. ' +
                'Give me a short checklist to keep it safe on [my hosting]: HTTPS only, strong passwords, who gets an account, and what to do when someone leaves.',
            ),
          },
        ],
        troubleshooting: [
          'The command cannot find your data: run it with the same DATA_DIR or DATABASE_URL as the running site. With PGlite, stop the site first (one process per data folder).',
          'Sign-in is refused after several tries: wait a minute; sign-in attempts are rate-limited.',
        ],
        validation: ['You are signed in at /admin and see the editions.'],
      },
      {
        id: 'edit-content',
        title: 'Edit editions and people',
        summary: 'Change speakers, hosts, sessions, sponsors, FAQ and edition settings in the admin; visitors see it on the next request.',
        steps: [
          'In /admin, pick the edition, then the part to change: its settings and timers, the days, speakers, hosts, implementation sessions or bonus bundle.',
          'Save; the admin validates every field and tells you what to fix.',
          'Reload the public page: changes show on the next request, no restart or rebuild needed.',
        ],
        prompts: [
          {
            label: 'Proofread my summit content',
            text: prompt(
              'Here are my edition’s day titles, episode descriptions, speaker descriptions and FAQ answers: [paste]. Proofread them, keep a consistent warm tone for a heart-led audio summit, and point out anything that contradicts my dates [dates] or prices [prices].',
            ),
          },
        ],
        troubleshooting: [
          'A change does not show: reload without cache, and check you edited the right edition (unprefixed pages like /day-1 show the edition chosen with “Show on the home page”, july until you choose).',
          'A save is refused: read the message beside the field; links must start with https:// (or http://).',
        ],
        validation: ['The public page shows your change after a reload.'],
      },
      {
        id: 'import-export',
        title: 'Import and export content',
        summary: 'Move whole editions as JSON and bring in speaker lists from a spreadsheet as CSV.',
        steps: [
          'Export an edition as JSON from the admin to back it up or to move it to another copy of the site.',
          'Import a JSON file to restore or copy an edition; it is validated before anything is written.',
          'Import speakers from a CSV file (one speaker a line, exported from your spreadsheet), then check them in the list.',
        ],
        prompts: [
          {
            label: 'Turn my spreadsheet into a speakers CSV',
            text: prompt(
              'The admin at /admin imports speakers from CSV. Here are the column headers it expects [paste them from the admin’s import screen] and my spreadsheet rows [paste]. Convert my rows to that CSV, quoting fields with commas, and list any rows with missing names or topics.',
            ),
          },
        ],
        troubleshooting: [
          'An import is refused: the admin lists each problem with the field it is in; fix those lines and import again.',
          'Accents come out garbled: save the CSV as UTF-8.',
        ],
        validation: [
          'Importing the JSON you just exported into a fresh copy of the site gives the same edition.',
          'The imported speakers appear on the edition’s pages.',
        ],
      },
      {
        id: 'registrants',
        title: 'Follow your registrants',
        summary: 'Every registration is stored; view the list in the admin and export it as CSV for your mailing tool.',
        steps: [
          'Open the registrants list in /admin to see who signed up and when.',
          'Export the list as CSV and import it into your e-mail marketing tool (in its own dashboard).',
          'Treat the export as personal data: keep it private and delete copies you no longer need.',
        ],
        prompts: [
          {
            label: 'Plan my follow-up e-mails',
            text: prompt(
              'Registrants sign up on /register and get a confirmation e-mail (sent through SMTP_URL from MAIL_FROM). I export them as CSV from /admin into [my e-mail tool]. ' +
                'Draft a short sequence for the days of my summit [dates] that links each day page (/{edition}/day-1 to /day-3) and the upgrade offer.',
            ),
          },
        ],
        troubleshooting: [
          'Someone registered but is not on the list: check they landed on /thank-you; an invalid form is shown again with its errors and stores nothing.',
          'Opening the CSV in a spreadsheet breaks accents: import it as UTF-8 rather than double-clicking it.',
        ],
        validation: ['A test registration appears in the list and in the exported CSV.'],
      },
    ],
  },
];
