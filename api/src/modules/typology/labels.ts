import type { ServerLanguage } from '@varco/contracts';
import type { Database } from '../../db/types';

/** Every reference table has one label column per language, the same in each (migrations 0001 and 0019). */
type LabelledTable = Database['country' | 'document_type' | 'ticket_type' | 'transport_type' | 'free_zone' | 'airport'];

/**
 * The column that holds a language's label in every reference table. A query picks its language by picking the
 * column, so a label costs the same join in every language.
 */
export const LABEL_COLUMNS = {
  IT: 'description_it',
  EN: 'description_en',
  'ZH-HANS': 'description_zh_hans',
  ES: 'description_es',
  FR: 'description_fr',
  DE: 'description_de',
  AR: 'description_ar',
  JA: 'description_ja',
  KO: 'description_ko',
  RU: 'description_ru',
  'PT-BR': 'description_pt_br',
  TR: 'description_tr',
} as const satisfies Record<ServerLanguage, keyof LabelledTable>;

export type LabelColumn = (typeof LABEL_COLUMNS)[ServerLanguage];

export const labelColumn = (language: ServerLanguage): LabelColumn => LABEL_COLUMNS[language];

/** Every label column, in the order of SERVER_LANGUAGES' table (contracts). */
export const ALL_LABEL_COLUMNS = Object.values(LABEL_COLUMNS) as LabelColumn[];
