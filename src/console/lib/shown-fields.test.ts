import { describe, expect, it } from 'vitest';
import { ShownFields, isRowField, unshownErrors } from './shown-fields';

const error = (message: string) => ({ type: 'validate', message });

describe('unshownErrors', () => {
  it('leaves an error to the drawn field that shows it', () => {
    const shown = new ShownFields();
    shown.draw('publicKey', 'Public key', true);
    expect(unshownErrors({ publicKey: error('must be an RSA public key') }, shown)).toEqual([]);
  });

  it('says the error of a hidden field, named by the label it had', () => {
    const shown = new ShownFields();
    const hide = shown.draw('publicKey', 'Public key', true);
    expect(hide()).toBe(true);
    expect(unshownErrors({ publicKey: error('must be an RSA public key') }, shown)).toEqual([
      'Public key must be an RSA public key.',
    ]);
  });

  it('says the error of a value never drawn by its path, and a rule of the whole form as it is', () => {
    const shown = new ShownFields();
    expect(
      unshownErrors(
        {
          organizationId: error('must not be empty'),
          root: error('At least one field must be provided for update.'),
        },
        shown,
      ),
    ).toEqual([
      'organizationId must not be empty.',
      'At least one field must be provided for update.',
    ]);
  });

  it('counts only the parts that show errors: a switch draws its field but shows none', () => {
    const shown = new ShownFields();
    shown.draw('encryptData', 'Encrypt payloads', false);
    expect(unshownErrors({ encryptData: error('must be on') }, shown)).toEqual([
      'Encrypt payloads must be on.',
    ]);
  });

  it('finds the errors of rows and of a whole list, the list by its own outlet', () => {
    const shown = new ShownFields();
    shown.draw('folders.0.folderId', 'Folder ID 1', true);
    shown.draw('folders', 'folders', true);
    expect(
      unshownErrors(
        {
          folders: Object.assign(
            [{ folderId: error('must not be empty'), folderName: error('x') }],
            {
              root: error('must have at most 1000 items'),
            },
          ),
        },
        shown,
      ),
    ).toEqual(['folders.0.folderName x.']);
  });
});

describe('ShownFields', () => {
  it('keeps a field drawn while any part draws it', () => {
    const shown = new ShownFields();
    const first = shown.draw('url', 'URL', true);
    const second = shown.draw('url', 'URL', true);
    expect(first()).toBe(false);
    expect(shown.showsError('url')).toBe(true);
    expect(second()).toBe(true);
    expect(shown.showsError('url')).toBe(false);
  });
});

describe('isRowField', () => {
  it('tells a row’s field from a field of the form', () => {
    expect(isRowField('aiKeys.2.provider')).toBe(true);
    expect(isRowField('metadata.0')).toBe(true);
    expect(isRowField('publicKey')).toBe(false);
    expect(isRowField('permissionProviderConfig.url')).toBe(false);
  });
});
