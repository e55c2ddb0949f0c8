import { FormGroup, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps {
  value: string;
  /** Called once the operator has stopped typing for `DEBOUNCE_MS`. */
  onChange(value: string): void;
}

const DEBOUNCE_MS = 300;

/** Free-text search over number, licence plate and customer (`/` focuses it). */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox({ value, onChange }, ref) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) {
      return undefined;
    }
    const timer = setTimeout(() => onChange(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <FormGroup label={t('filter.search')} labelFor="orders-search" className="cockpit-search">
      <InputGroup
        id="orders-search"
        type="search"
        leftIcon={<SearchIcon />}
        placeholder={t('filter.searchPlaceholder')}
        value={text}
        onValueChange={setText}
        inputRef={ref}
      />
    </FormGroup>
  );
});
