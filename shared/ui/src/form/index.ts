/**
 * The portal's forms: react-hook-form checked by the zod schemas of @varco/contracts, and the field components bound
 * to them. A separate entry point, so that only the apps with forms download react-hook-form.
 */
export { useRuleForm } from './use-rule-form';
export { FieldIssue, IssueTextProvider, type IssueText } from './field-issue';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField } from './password-field';
export { SelectField, type SelectOption } from './select-field';
export { CheckboxField } from './checkbox-field';
export { TextAreaField } from './text-area-field';
export { RadioGroupField, type RadioOption } from './radio-group-field';
export { FormProvider } from 'react-hook-form';
