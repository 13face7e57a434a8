/** A small deterministic random source (mulberry32), so that every run plans the same data. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof randomSource>;

export const ORGANIZATION_NAMES = [
  'Northwind Traders',
  'Globex Engineering',
  'Initech Studio',
  'Umbrella Health',
  'Stark Logistics',
  'Wayne Foundation',
  'Hooli Research',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Robotics',
];

export const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Kofi',
  'Lena',
  'Mateo',
  'Nadia',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tomás',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Amara',
  'Bruno',
  'Carmen',
  'Dario',
  'Emeka',
  'Freya',
];

export const LAST_NAMES = [
  'Achebe',
  'Bergström',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'García',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zhang',
];

export const GROUP_NAMES = ['Engineering', 'Design', 'Legal', 'Sales', 'Support', 'Finance'];

export const FOLDER_NAMES = [
  'Projects',
  'Archive',
  'Contracts',
  'Roadmap',
  'Research',
  'Marketing',
  'Hiring',
  'Finance',
  'Design reviews',
  'Specs',
  'Drafts',
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'Customers',
  'Partners',
  'Onboarding',
  'Policies',
  'Meeting notes',
  'Launch',
  'Experiments',
  'Templates',
  'Audits',
];

const DOCUMENT_KINDS = [
  'Proposal',
  'Brief',
  'Retrospective',
  'Plan',
  'Budget',
  'Spec',
  'Memo',
  'Report',
  'Checklist',
  'Playbook',
  'Review',
  'Summary',
  'Agreement',
  'Roadmap',
  'Post-mortem',
];
const DOCUMENT_TOPICS = [
  'pricing page',
  'mobile onboarding',
  'data retention',
  'vendor security',
  'Q3 hiring',
  'search relevance',
  'billing migration',
  'partner API',
  'brand refresh',
  'support macros',
  'offline mode',
  'SSO rollout',
  'churn analysis',
  'warehouse expansion',
  'accessibility audit',
];

export const documentName = (r: Random): string =>
  `${r.pick(DOCUMENT_KINDS)}: ${r.pick(DOCUMENT_TOPICS)}`;

export const COMMENT_LINES = [
  'Can you take a look at the numbers in the second table?',
  'I think this section needs a source.',
  'Looks good to me, approving.',
  'Should we move this to next quarter?',
  'The legal wording here changed last week.',
  'Nice, this reads much better now.',
  'Who owns the follow-up on this?',
  'Let us discuss it in Thursday’s review.',
];
