/**
 * Which rendered row element shows which row. A row that stays in view keeps its element; a row
 * coming into view takes the element of one that left, so scrolling changes the text and the
 * position of existing elements instead of removing and creating whole rows. At 100,000 rows a
 * jump to another screenful replaced every row, and creating and removing them was most of the
 * frame's script time.
 */
export class RowSlots {
  private slots = new Map<string, number>();

  /**
   * The slot of each key, in order: the one it had if it had one, else the lowest one no other
   * key of the window holds, so slot numbers never exceed the largest window. Asking again with
   * the same keys answers the same slots, so a repeated render is harmless.
   */
  assign(keys: readonly string[]): number[] {
    const used = new Set<number>();
    for (const key of keys) {
      const slot = this.slots.get(key);
      if (slot !== undefined) used.add(slot);
    }
    let lowest = 0;
    const assigned = new Map<string, number>();
    const answer = keys.map((key) => {
      let slot = this.slots.get(key);
      if (slot === undefined) {
        while (used.has(lowest)) lowest += 1;
        slot = lowest;
        used.add(slot);
      }
      assigned.set(key, slot);
      return slot;
    });
    this.slots = assigned;
    return answer;
  }
}
