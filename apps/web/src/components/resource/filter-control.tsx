import type { FieldDef } from '@habla/shared/resources/define';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldControlClasses } from '@/components/ui/text-field';
import { type ResourceScreen, screenOf } from '@/lib/resource-screens';
import { RelationPicker } from './relation-picker';
import { type Ref, useRecord } from './resource-api';

type Props = { field: FieldDef; value: string; onChange: (value: string) => void };

const box = 'w-full sm:w-auto sm:min-w-40';

/**
 * One filter above a list, chosen by the field's kind: a choice among an enumeration's values or
 * a range of levels, a type-ahead picker of related records, or free text (exact match).
 */
export function FilterControl({ field, value, onChange }: Props) {
  const { t } = useTranslation();
  const id = `filter-${field.name}`;
  const label = t(`fields.${field.name}`);
  const any = t('records.anyValue', { field: label });
  const target = field.kind === 'relation' && field.target ? screenOf(field.target) : undefined;
  if (target) return <RelationFilter target={target} label={label} any={any} value={value} onChange={onChange} />;
  if (field.kind === 'text') {
    return (
      <div className={box}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          key={value}
          type="search"
          defaultValue={value}
          placeholder={label}
          className={clsx(fieldControlClasses(false), 'h-10')}
          onKeyDown={(e) => e.key === 'Enter' && onChange(e.currentTarget.value.trim())}
          onBlur={(e) => e.currentTarget.value.trim() !== value && onChange(e.currentTarget.value.trim())}
        />
      </div>
    );
  }
  let options: { value: string; label: string }[] = [];
  if (field.kind === 'enum' || field.kind === 'enumArray')
    options = (field.options ?? []).map((o) => ({ value: o, label: t(`enums.${field.enumName}.${o}`) }));
  else if (field.kind === 'int') {
    const min = field.min ?? 1;
    options = Array.from({ length: (field.maxValue ?? 5) - min + 1 }, (_, i) => String(min + i)).map((v) => ({
      value: v,
      label: v,
    }));
  }
  return (
    <div className={box}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={clsx(fieldControlClasses(false), 'h-10')}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type RelationFilterProps = {
  target: ResourceScreen;
  label: string;
  any: string;
  value: string;
  onChange: (value: string) => void;
};

/** A related-record filter; after a reload only the id is in the URL, so its name is looked up. */
function RelationFilter({ target, label, any, value, onChange }: RelationFilterProps) {
  const [picked, setPicked] = useState<Ref | null>(null);
  const known = picked && picked.id === value ? picked : null;
  const loaded = useRecord(target, value && !known ? value : undefined, true).data?.data;
  const current: Ref[] = !value
    ? []
    : [known ?? { id: value, label: loaded ? String(loaded[target.resource.titleField] ?? value) : '…' }];
  return (
    <div className={clsx(box, 'sm:w-52')}>
      <RelationPicker
        compact
        label={label}
        placeholder={any}
        noneLabel={any}
        target={target}
        multiple={false}
        value={current}
        onChange={(refs) => {
          setPicked(refs[0] ?? null);
          onChange(refs[0]?.id ?? '');
        }}
      />
    </div>
  );
}
