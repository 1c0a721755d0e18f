// The rules live in @lead/contract so that the server checks a lead with the same ones.
export { validateValues, INPUT_BLOCKS, type Values } from '@lead/contract';
