import type { FieldDef } from '@habla/shared/resources/define';
import { useTranslation } from 'react-i18next';
import { fieldControlClasses } from '@/components/ui/text-field';
import { screenOf } from '@/lib/resource-screens';
import { useOptions } from './records-api';

type Props = { field: FieldDef; value: string; onChange: (value: string) => void };

/** One filter above a list: a choice among the field's values (enumerations, levels, related records). */
export function FilterControl({ field, value, onChange }: Props) {
  const { t } = useTranslation();
  const target = field.kind === 'relation' && field.target ? screenOf(field.target) : undefined;
  const related = useOptions(target?.apiPath ?? '', '', Boolean(target));
  const id = `filter-${field.name}`;
  let options: { value: string; label: string }[] = [];
  if (field.kind === 'enum' || field.kind === 'enumArray') options = (field.options ?? []).map((o) => ({ value: o, label: t(`enums.${field.enumName}.${o}`) }));
  else if (field.kind === 'int') options = Array.from({ length: (field.maxValue ?? 5) - (field.min ?? 1) + 1 }, (_, i) => String((field.min ?? 1) + i)).map((v) => ({ value: v, label: v }));
  else if (target) options = (related.data?.data ?? []).map((r) => ({ value: r.id, label: String(r[target.resource.titleField] ?? r.id) }));
  if (field.kind === 'text') {
    return (
      <div className="w-40">
        <label htmlFor={id} className="sr-only">
          {t(`fields.${field.name}`)}
        </label>
        <input
          id={id}
          defaultValue={value}
          placeholder={t(`fields.${field.name}`)}
          className={`${fieldControlClasses(false)} h-10`}
          onKeyDown={(e) => e.key === 'Enter' && onChange(e.currentTarget.value.trim())}
          onBlur={(e) => e.currentTarget.value.trim() !== value && onChange(e.currentTarget.value.trim())}
        />
      </div>
    );
  }
  return (
    <div className="w-44">
      <label htmlFor={id} className="sr-only">
        {t(`fields.${field.name}`)}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${fieldControlClasses(false)} h-10`}>
        <option value="">{t('records.anyValue', { field: t(`fields.${field.name}`) })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
