import { z } from 'zod';
import {
  accessTypeSchema,
  itemList,
  itemResultMap,
  itemResultWithId,
  nameSchema,
  uniqueBy,
} from './common';
import { id, idRef, idRefList, newIdWhen } from './ids';
import { endpoint } from './endpoint';

/** The specification gives no upper bound; deeper trees are fetched by expanding a subfolder. */
export const MAX_FOLDER_DEPTH = 50;
export const MAX_FOLDER_NAME_LENGTH = 200;

/** The parent of a top-level folder, as the specification writes it; no folder may take the id. */
export const ROOT_FOLDER = 'root';

/**
 * Levels a folder may sit below `root`. The specification gives none; each level costs a row of
 * the closure table and an element of `ancestors` for every folder beneath it, so a bound keeps
 * one call of a thousand folders to a bounded write.
 */
export const MAX_FOLDER_NESTING = 100;

/**
 * Folders one Get Folders call answers: the whole organization without `folderId`, or the
 * subtree `maxDepth` levels deep with it. Neither shape has paging fields, so a larger answer is
 * refused (INVALID_ARGUMENT, the specification's failure of Get Folders) instead of being loaded
 * whole; a caller reads such a tree a
 * subtree at a time.
 */
export const MAX_FOLDERS_ANSWERED = 50_000;

const folderV1Base = z.object({
  folderId: z.string(),
  folderName: z.string(),
  organizationId: z.string(),
  /** `root` for a top-level folder. */
  parentFolderId: z.string(),
  createdAt: z.number(),
  lastUpdated: z.number(),
});

/** A folder of the v2 listing; `subFolders` nests as deep as `maxDepth` asked. */
export const folderSchema = z.object({
  // Written out rather than spread from folderV1Base.shape: a spread defeats TypeScript's
  // inference of the recursive getter below.
  folderId: z.string(),
  folderName: z.string(),
  organizationId: z.string(),
  parentFolderId: z.string(),
  createdAt: z.number(),
  lastUpdated: z.number(),
  apiKey: z.string(),
  ancestors: z.array(z.string()),
  // Other values than public and restricted "may exist" (specification), so reads take any string.
  accessType: z.string(),
  inheritAccessFromParent: z.boolean(),
  // A getter keeps the recursion lazy, which z.toJSONSchema turns into a reference.
  get subFolders(): z.ZodOptional<z.ZodArray<typeof folderSchema>> {
    return z.array(folderSchema).optional();
  },
});
export type Folder = z.infer<typeof folderSchema>;

/** A folder of the v1 listing: no v2 fields, and `subFolders` one level deep only. */
export const folderV1Schema = folderV1Base.extend({
  subFolders: z.array(folderV1Base).optional(),
});
export type FolderV1 = z.infer<typeof folderV1Schema>;

/** Folders one Get Folders call may name in `folderIds` (extension), as Get Documents' IDs. */
export const MAX_FOLDER_IDS = 30;

export const getFoldersRequest = z
  .object({
    organizationId: idRef(),
    /** `root` (extension): the top-level folders, nested maxDepth − 1 levels. */
    folderId: idRef().optional(),
    maxDepth: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_FOLDER_DEPTH, `must be at most ${MAX_FOLDER_DEPTH}`)
      .optional(),
    /**
     * Extension: the folders of these IDs that the organization has, flat and without subfolders,
     * in folderId order; an ID it does not have is left out, not refused, so that a caller can
     * ask whether a folder exists (the console's search, a link naming a folder).
     */
    folderIds: idRefList(MAX_FOLDER_IDS).optional(),
  })
  .refine((value) => value.folderIds === undefined || value.folderId === undefined, {
    error: 'cannot be combined with folderId',
    path: ['folderIds'],
  })
  .refine((value) => value.folderIds === undefined || value.maxDepth === undefined, {
    error: 'cannot be combined with maxDepth: the folders are answered without subfolders',
    path: ['folderIds'],
  });
export type GetFoldersRequest = z.input<typeof getFoldersRequest>;

export const getFoldersV1Request = z.object({
  organizationId: idRef(),
  folderId: idRef().optional(),
});

export const newFolderSchema = z.object({
  folderId: id().refine((v) => v !== ROOT_FOLDER, {
    error: `must not be ${ROOT_FOLDER}, the name of the top level`,
  }),
  folderName: nameSchema(MAX_FOLDER_NAME_LENGTH),
  /** Omitted or `root` for a top-level folder; a stored folder, or one of the same call. */
  parentFolderId: idRef().optional(),
  accessType: accessTypeSchema.optional(),
});

export const addFolderRequest = z
  .object({
    organizationId: idRef(),
    createOrganization: z.boolean().optional(),
    folders: itemList(newFolderSchema)
      .superRefine(uniqueBy((f) => f.folderId))
      .superRefine((folders, ctx) => {
        folders.forEach((f, index) => {
          if (f.parentFolderId === f.folderId) {
            ctx.addIssue({
              code: 'custom',
              message: 'must not be its own parent',
              path: [index, 'parentFolderId'],
              input: f,
            });
          }
        });
      }),
  })
  .superRefine(newIdWhen('organizationId', 'createOrganization'));
export type AddFolderRequest = z.input<typeof addFolderRequest>;

export const getFolders = endpoint({
  name: 'Get Folders (v2)',
  path: '/v2/organizations/folders/get',
  auth: 'apiKey',
  area: 'folders',
  envelope: 'A',
  request: getFoldersRequest,
  data: z.array(folderSchema),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const getFoldersV1 = endpoint({
  name: 'Get Folders (v1)',
  path: '/v1/organizations/folders/get',
  auth: 'apiKey',
  area: 'folders',
  envelope: 'A',
  request: getFoldersV1Request,
  data: z.array(folderV1Schema),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const addFolder = endpoint({
  name: 'Add Folder',
  path: '/v2/organizations/folders/add',
  write: true,
  auth: 'apiKey',
  area: 'folders',
  envelope: 'A',
  extension: true,
  request: addFolderRequest,
  data: itemResultMap(itemResultWithId),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});
