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
 * Capitals and other letters that read as a Latin letter in a name, beyond {@link LOOKALIKES}: capitals whose
 * lower-case form does not look Latin (Cyrillic "Т", "К", "М", Greek "Ν", "Μ"), Latin small capitals and
 * dotless/alpha forms, and single lookalikes of other scripts (Armenian "օ", Lisu "ꓳ"). Only the secret check
 * folds with these: they say what a word reads as, not which script a host imitates.
 */
const READS_AS: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I',
  Ј: 'J', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y', Һ: 'H', Ӏ: 'I',
  // Cyrillic small letters that read as Latin small capitals
  к: 'k', м: 'm', н: 'h', т: 't', в: 'b',
  // Greek capitals and small letters
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  μ: 'u', η: 'n',
  // Latin small capitals and variants
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o',
  ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z', ɑ: 'a', ı: 'i', ȷ: 'j', ɡ: 'g',
  // Other scripts
  օ: 'o', ꓳ: 'O', ꓚ: 'C', ꓰ: 'E', ꓑ: 'P', ꓔ: 'T', ꓗ: 'K', ꓠ: 'N', ꓢ: 'S',
};

/**
 * `text` as it reads to a person: NFKC-normalised (fullwidth and styled letters become plain ones), accents
 * dropped ("pássword" → "password"), then every lookalike letter replaced by its Latin twin, keeping its case
 * ("Pаssword" with a Cyrillic "а" → "Password", "ΑPI_KEY" with a Greek "Α" → "API_KEY", "ТOKEN" with a
 * Cyrillic "Т" → "TOKEN"). Other characters are kept. Linear in the length of `text`.
 */
export function foldLookalikes(text: string): string {
  let out = '';
  // NFKD splits accented letters so the marks can go; NFKC after puts the rest back together.
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC');
  for (const char of plain) {
    const direct = READS_AS[char];
    if (direct !== undefined) {
      out += direct;
      continue;
    }
    const lower = char.toLowerCase();
    const twin = twinOf(lower);
    out += twin === undefined ? char : lower === char ? twin : twin.toUpperCase();
  }
  return out;
}
