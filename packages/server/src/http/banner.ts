/** The few lines `npm start` prints on a terminal: where the site is and what it runs with. */
export interface BannerFacts {
  /** The company's name, as its settings say. */
  company: string;
  url: string;
  database: string;
  mail: string;
  /** The one-time owner setup address, when the site has no owner yet. */
  ownerSetup: string | undefined;
}

export function startupBanner(facts: BannerFacts): string {
  const rows: [string, string][] = [
    ['Site', facts.url],
    ['API reference', `${facts.url}/api/docs`],
    ['Database', facts.database],
    ['Mail', facts.mail],
    [
      'Owner',
      facts.ownerSetup
        ? `none yet: open ${facts.ownerSetup} to choose the owner's e-mail and password (the address works once)`
        : 'set up; staff log in and open /owner',
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['', `  ${facts.company} is running`, '', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), ''].join('\n');
}
