import type { KeyArea } from '../../lib/areas';
import type { Matchable } from '../../lib/palette-match';
import type { Theme } from '../../lib/theme';

export type PaletteGroupName =
  'Pages' | 'Actions' | 'API keys' | 'Organizations' | 'Folders' | 'Documents' | 'Users';

/** One choice of the palette: an address to open, or an action to run. */
export interface PaletteItem extends Matchable {
  /** Unique within the palette's results. */
  key: string;
  /** A second line: the ID, where it was found. */
  detail?: string;
  run: { href: string } | { action: () => void };
}

export interface PaletteGroup {
  name: PaletteGroupName;
  items: PaletteItem[];
}

/**
 * What the shell hands the palette rather than the palette importing it: modules of the console's
 * first load that a chunk loaded on demand would otherwise split out of it (which costs the
 * sign-in page bytes; see scripts/bundle-budget.mjs).
 */
export interface ShellControls {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  /** The pages of a key (areas.ts), which the navigation lists too. */
  keyAreas: readonly KeyArea[];
}
