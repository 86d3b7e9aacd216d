import { useRef, type ChangeEvent } from 'react';
import {
  useController,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';
import { afterPointerRelease } from './after-pointer-release';

/**
 * A form checked by a schema of @varco/contracts, the way every form of the portal is: a field is checked when it
 * loses focus, again while it is being corrected, and every field on submit (focus goes to the first wrong one).
 */
export function useRuleForm<Values extends FieldValues>(
  schema: $ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
) {
  return useForm<Values>({
    resolver: zodResolver(schema) as Resolver<Values>,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/**
 * A field of the surrounding form (react-hook-form's FormProvider) for the shared field components. A field with an
 * issue is checked again at every change (react-hook-form re-checks on change only after a submit). Its blur check
 * waits for the release of a pointer press (see afterPointerRelease) and is dropped when a submit came in between:
 * the submit checked every field already and may have shown the server's messages since.
 */
export function useRuleField<Values extends FieldValues>(name: FieldPath<Values>) {
  const { trigger } = useFormContext<Values>();
  const { field, fieldState, formState } = useController<Values>({ name });
  const submits = useRef(formState.submitCount);
  submits.current = formState.submitCount;
  const onBlur = () => {
    const submitsBefore = submits.current;
    afterPointerRelease(() => {
      if (submits.current === submitsBefore) field.onBlur();
    });
  };
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    field.onChange(event);
    if (fieldState.error && !formState.isSubmitted) void trigger(name);
  };
  return { field: { ...field, onBlur, onChange }, error: fieldState.error };
}
