export * from './Stepper.js';
export * from './useStepper.js';
