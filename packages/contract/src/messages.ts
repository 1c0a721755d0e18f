/** The product's text, word for word, typos included. */
export const Messages = {
  somethingWrong: 'Something wrong!',
  /** A drop zone refused what was dropped (a file of the wrong type, or several where one is taken). */
  dropZoneError: 'Something wrong, please try again',
  tryAgain: 'Please try again or contact admin!',
  invalidData: 'The given data was invalid.',
  loginSuccess: 'Login successfully, wellcome you back',
  loginFailed: 'These credentials do not match our records.',
  loggedOut: 'Logged out.',
  emailNotValid: 'Email is not valid',
  emailSent: 'Email was sent',
  resetSuccess: 'Reset password success!',
  resetTokenInvalid: 'This password reset token is invalid.',
  updateDetailsSuccessful: 'Update details successful',
  currentPasswordWrong: 'The current password is incorrect.',
  saved: 'Saved!',
  updated: 'Updated!',
  userDeleted: 'User has been deleted!',
  clientDeleted: 'Client has been deleted!',
  clientCreated: 'Client created successfully!',
  invitationSent: (email: string) => `An invitation was sent to ${email}.`,
  cannotDeleteYourself: 'You cannot delete your own account.',
  emailTaken: 'The email has already been taken.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  siteForbidden: 'You are not assigned to this site.',
  notFound: 'Not found.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
  malformed: 'The request is malformed.',
  imageTooLarge: 'The image is too large to upload',
  imageTooLargeHint: 'Please up load image less than 500Kb for optimize loading time popup.',
  builderImageTooLarge: 'Your image is too large',
  videoTooLarge: 'Your video is too large',
  fileTooLarge: 'The file is too large.',
  fileTypeNotAllowed: 'This type of file is not allowed.',
  noClients: 'No clients found.',
  noHistory: 'There is no history yet.',
  campaignNameRequired: 'Campaign Name is required',
  siteRequired: 'Site is required',
  clientRequired: 'Client is required',
  renameEmpty: 'You need to write something!',
  deviceTypesRequired: 'The Device Types must have at least 1 item.',
  confirmRevert: "You won't be able to revert this!",
} as const;

/** Laravel-style field messages for fields the spec gives no text for. */
export const fieldRequired = (label: string): string => `The ${label} field is required.`;
export const fieldMustBeEmail = (label: string): string => `The ${label} must be a valid email address.`;
export const fieldMinLength = (label: string, min: number): string =>
  `The ${label} must be at least ${min} characters.`;
export const fieldConfirmed = (label: string): string => `The ${label} confirmation does not match.`;
export const fieldAtLeastOne = (label: string): string => `The ${label} must have at least 1 item.`;
