import type { Matchable } from '../../lib/palette-match';

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
