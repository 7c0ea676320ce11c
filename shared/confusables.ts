/**
 * Letters of other scripts that pass for Latin ones (UTS #39 "confusables", the part that matters for names a
 * person reads): the URL consent view uses them to say what a lookalike host imitates (spec E-URL-4), and the
 * secret check folds a field's name with them so "Pаssword" with a Cyrillic "а" is still a password (E-FORM-12).
 * Pure; no Node, no DOM.
 */

/**
 * Lower-case Cyrillic and Greek letters that pass for Latin ones, and the letter they imitate, by script. The
 * Cyrillic set follows Chromium's IDN spoof checker.
 */
export const LOOKALIKES: Readonly<Record<'Cyrillic' | 'Greek', Readonly<Record<string, string>>>> = {
  Cyrillic: {
    а: 'a', ъ: 'b', ь: 'b', с: 'c', ԁ: 'd', е: 'e', ҽ: 'e', һ: 'h', і: 'i', ј: 'j', ӏ: 'l', п: 'n', о: 'o', р: 'p',
    ԛ: 'q', г: 'r', ѕ: 's', ѵ: 'v', ԝ: 'w', ѡ: 'w', х: 'x', у: 'y',
  },
  Greek: { α: 'a', β: 'b', ϲ: 'c', ε: 'e', ι: 'i', ϳ: 'j', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y' },
};

function twinOf(lower: string): string | undefined {
  return LOOKALIKES.Cyrillic[lower] ?? LOOKALIKES.Greek[lower];
}

/**
 * A lower-case host label with every lookalike letter replaced by its Latin twin ("аpple" → "apple"), or undefined
 * when nothing was replaced or some non-Latin letter has no twin (then it does not read as a Latin name).
 */
export function latinSkeleton(label: string): string | undefined {
  let out = '';
  let replaced = false;
  for (const char of label) {
    const twin = twinOf(char);
    if (twin) {
      out += twin;
      replaced = true;
    } else if (/^[a-z0-9-]$/.test(char)) {
      out += char;
    } else {
      return undefined;
    }
  }
  return replaced ? out : undefined;
}

/**
 * `text` as it reads to a person: NFKC-normalised (fullwidth and styled letters become plain ones), then every
 * lookalike letter replaced by its Latin twin, keeping its case ("Pаssword" with a Cyrillic "а" → "Password",
 * "ΑPI_KEY" with a Greek "Α" → "API_KEY"). Other characters are kept. Linear in the length of `text`.
 */
export function foldLookalikes(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKC')) {
    const lower = char.toLowerCase();
    const twin = twinOf(lower);
    out += twin === undefined ? char : lower === char ? twin : twin.toUpperCase();
  }
  return out;
}
