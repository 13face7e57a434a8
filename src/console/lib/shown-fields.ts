import { leafErrors } from './leaf-errors';
import { fieldMessage } from './format';

/**
 * The fields a form draws now, by name: how many drawn parts hold each, and how many of those
 * show its error, with each field's label (kept once it is hidden, to name it). A rule broken by a
 * value no drawn field shows would block the submit without a word; UnshownErrors says it instead.
 */
export class ShownFields {
  private drawn = new Map<string, { parts: number; showingError: number }>();
  private labels = new Map<string, string>();

  /**
   * A part of the form draws the field `name`; the answer takes it away again, and says whether
   * that was the last part drawing it (the field is hidden from then on).
   */
  draw(name: string, label: string, showsError: boolean): () => boolean {
    const count = this.drawn.get(name) ?? { parts: 0, showingError: 0 };
    count.parts += 1;
    if (showsError) count.showingError += 1;
    this.drawn.set(name, count);
    this.labels.set(name, label);
    return () => {
      count.parts -= 1;
      if (showsError) count.showingError -= 1;
      if (count.parts === 0) this.drawn.delete(name);
      return count.parts === 0;
    };
  }

  /** Some drawn part shows the error of `name` beside it. */
  showsError(name: string): boolean {
    return (this.drawn.get(name)?.showingError ?? 0) > 0;
  }

  labelOf(name: string): string | undefined {
    return this.labels.get(name);
  }
}

// One registry per form, found from its control, so that every react-hook-form form has one
// without a provider of its own.
const registries = new WeakMap<object, ShownFields>();

export function shownFieldsOf(control: object): ShownFields {
  let shown = registries.get(control);
  if (!shown) {
    shown = new ShownFields();
    registries.set(control, shown);
  }
  return shown;
}

/** A field inside a list of rows (`aiKeys.2.provider`): its value comes and goes with its row. */
export function isRowField(name: string): boolean {
  return /\.\d+(\.|$)/.test(name);
}

/**
 * The form's errors that no drawn field shows, worded as a field's own would be ("Public key must
 * be …"), a rule of the whole form as it is. A field never drawn is named by its path.
 */
export function unshownErrors(
  /** The form's `formState.errors`. */
  errors: object,
  shown: Pick<ShownFields, 'showsError' | 'labelOf'>,
): string[] {
  const messages = leafErrors(errors).flatMap(([name, error]) => {
    if (shown.showsError(name)) return [];
    const message = error.message || 'is not valid';
    if (name === 'root') return [message];
    return [fieldMessage(shown.labelOf(name) ?? name, message) ?? message];
  });
  return [...new Set(messages)];
}
