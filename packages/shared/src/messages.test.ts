import { describe, expect, it } from 'vitest';
import { fieldLabel, pickLanguage, sharedLocales, translate } from './messages';

const flatKeys = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatKeys(v, `${p}${k}.`) : [`${p}${k}`]));

describe('shared messages', () => {
  it('English and Spanish catalogues carry the same keys', () => {
    expect(flatKeys(sharedLocales.es).sort()).toEqual(flatKeys(sharedLocales.en).sort());
  });

  it('interpolates parameters and falls back to English, then the key', () => {
    expect(translate('en', 'validation.required', { field: 'E-mail' })).toBe('E-mail is required.');
    expect(translate('es', 'validation.required', { field: 'Correo' })).toBe('Correo es obligatorio.');
    expect(translate('es', 'no.such.key')).toBe('no.such.key');
    expect(fieldLabel('es', 'password')).toBe('Contraseña');
    expect(fieldLabel('en', 'unlisted_field')).toBe('unlisted_field');
  });

  it('keeps the seed texts verbatim in English', () => {
    expect(translate('en', 'errors.invalidCredentials')).toBe('Please, input a correct email/username or password.');
    expect(translate('en', 'errors.selectItems')).toBe('Please, select items to proccede.');
    expect(translate('en', 'messages.userCreated')).toBe('New user was created');
  });

  it('picks Spanish only for es* Accept-Language', () => {
    expect(pickLanguage('es-MX,es;q=0.9')).toBe('es');
    expect(pickLanguage('en-US')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('fr')).toBe('en');
  });
});
