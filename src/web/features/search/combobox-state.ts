import type { Dispatch, KeyboardEvent, RefObject, SetStateAction } from 'react';
import type { SearchSuggestions as Suggestions } from '../../../contracts/listing';

export const optionId = (i: number) => `header-search-option-${i}`;

/** What the box and its suggestions share: the box keeps it, the suggestions read and move it. */
export interface ComboboxState {
  text: string;
  setText: (text: string) => void;
  /** Whether the shopper typed the text (suggestions are asked for it), rather than it coming from the address. */
  typed: RefObject<boolean>;
  result: Suggestions | null;
  setResult: (result: Suggestions | null) => void;
  setOpen: (open: boolean) => void;
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  expanded: boolean;
  /** The input's key handler, which the suggestions set once loaded. */
  keys: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>;
}
