/**
 * The translation-key catalogue: every text a viewer reads, grouped by the admin form section that edits it.
 * Keys named in the product spec keep their exact spellings (they are the contract of `/api/language/get`).
 * The admin language form is generated from this list, so a new key needs no form code.
 */
export const translationSections = [
  'Landing Page',
  'Homepage',
  'Homepage Popup',
  'Homepage Season Popup',
  'User Profile',
  'Sign In',
  'Sign Up',
  'Sign Up OTP',
  'Pricing Plan',
  'Site',
] as const;
export type TranslationSection = (typeof translationSections)[number];

export interface TranslationKeyDefinition {
  key: string;
  section: TranslationSection;
  english: string;
}

const entries = [
  // Landing Page
  ['world_best', 'Landing Page', "The world's best movies and serials, all in one place"],
  ['movies_of_this_season', 'Landing Page', 'Movies of this season'],
  ['sign_up', 'Landing Page', 'Sign Up'],
  ['sign_in', 'Landing Page', 'Sign In'],
  ['download_favourites', 'Landing Page', 'Download your favourites and watch them offline'],
  ['it_supper_easy', 'Landing Page', 'It is super easy: save a title and take it with you'],
  ['whats_New_on_salomtv', 'Landing Page', "What's new on SalomTV"],
  ['subscribe_now', 'Landing Page', 'Subscribe Now'],
  ['terms_and_conditions', 'Landing Page', 'Terms and conditions apply'],
  ['watch_anywhere_you_want', 'Landing Page', 'Watch anywhere you want'],
  ['watch_an_endless', 'Landing Page', 'Watch an endless choice of movies and shows on your phone, tablet, laptop and TV'],
  ['popuplar_movies_and_shows', 'Landing Page', 'Popular movies and shows'],
  ['download_app', 'Landing Page', 'Get the app'],
  ['nothing_here_yet', 'Landing Page', 'Nothing here yet: new titles are on their way'],
  // Homepage
  ['play_now', 'Homepage', 'Play Now'],
  ['more_details', 'Homepage', 'More Details'],
  ['trendin_see_all', 'Homepage', 'Trending'],
  ['your_fovourites', 'Homepage', 'Your Favourites'],
  ['featured_movies_to_watch_now', 'Homepage', 'Featured Movies to watch now'],
  ['upcoming_movies', 'Homepage', 'Upcoming Movies'],
  ['watch_now', 'Homepage', 'Watch Now'],
  ['tv_thrillers', 'Homepage', 'TV Thrillers'],
  ['see_all', 'Homepage', 'See all'],
  ['watch_trailer', 'Homepage', 'Watch Trailer'],
  ['continue_watching', 'Homepage', 'Continue Watching'],
  // Homepage Popup
  ['crime', 'Homepage Popup', 'Crime'],
  ['drama', 'Homepage Popup', 'Drama'],
  ['mystery', 'Homepage Popup', 'Mystery'],
  ['add_to_favourites', 'Homepage Popup', 'Add to Favourites'],
  ['more_like_this', 'Homepage Popup', 'More like this'],
  ['resume', 'Homepage Popup', 'Resume'],
  // Homepage Season Popup
  ['favourites', 'Homepage Season Popup', 'Favourites'],
  ['suggested_for_you', 'Homepage Season Popup', 'Suggested for you'],
  ['genres', 'Homepage Season Popup', 'Genres'],
  ['cast', 'Homepage Season Popup', 'Cast'],
  ['seasons', 'Homepage Season Popup', 'Seasons'],
  ['episodes', 'Homepage Season Popup', 'Episodes'],
  // User Profile
  ['account_setting', 'User Profile', 'Account Setting'],
  ['edit', 'User Profile', 'Edit'],
  ['personal_details', 'User Profile', 'Personal Details'],
  ['email', 'User Profile', 'Email'],
  ['Password', 'User Profile', 'Password'],
  ['phone_number', 'User Profile', 'Phone Number'],
  ['date_of_birth', 'User Profile', 'Date of Birth'],
  ['language', 'User Profile', 'Language'],
  ['billing_details', 'User Profile', 'Billing Details'],
  ['your_next_billing_date_is', 'User Profile', 'Your next billing date is'],
  ['cancel_membership', 'User Profile', 'Cancel Membership'],
  ['plan_details', 'User Profile', 'Plan Details'],
  ['change', 'User Profile', 'Change'],
  ['update_payment_info', 'User Profile', 'Update Payment info'],
  ['change_plan', 'User Profile', 'Change Plan'],
  ['save', 'User Profile', 'Save'],
  ['my_profile', 'User Profile', 'My Profile'],
  ['logout', 'User Profile', 'Logout'],
  ['first_name', 'User Profile', 'First Name'],
  ['last_name', 'User Profile', 'Last Name'],
  ['current_password', 'User Profile', 'Current password'],
  ['updated', 'User Profile', 'Updated'],
  ['cancel', 'User Profile', 'Cancel'],
  ['profile_photo', 'User Profile', 'Profile photo'],
  ['change_photo', 'User Profile', 'Change photo'],
  ['not_set', 'User Profile', 'Not set'],
  ['available_with_subscription', 'User Profile', 'Available with a subscription'],
  ['free_trial_until', 'User Profile', 'Free trial until'],
  ['no_plan', 'User Profile', 'No plan yet'],
  // Sign In
  ['forgot_your_password', 'Sign In', 'Forgot your password?'],
  ['remember_me', 'Sign In', 'Remember me'],
  ['dont_have_an_account', 'Sign In', "Don't have an account?"],
  ['sign_up_u', 'Sign In', 'Sign up'],
  ['email_or_phone_number', 'Sign In', 'Email or Phone number'],
  ['wrong_credentials', 'Sign In', 'The phone number or password is wrong'],
  ['too_many_attempts', 'Sign In', 'Too many attempts. Please wait and try again.'],
  ['reset_password', 'Sign In', 'Reset your password'],
  ['new_password', 'Sign In', 'New password'],
  ['password_changed', 'Sign In', 'Your password has been changed. Sign in with the new one.'],
  ['account_disabled', 'Sign In', 'This account is disabled. Contact support to enable it.'],
  ['back_to_sign_in', 'Sign In', 'Back to sign in'],
  ['reset_code_hint', 'Sign In', 'We will send a code to the phone number of your account.'],
  // Sign Up
  ['i_accept', 'Sign Up', 'I accept the'],
  ['i_accept_terms_and_conditions', 'Sign Up', 'terms and conditions'],
  ['gender', 'Sign Up', 'Gender'],
  ['male', 'Sign Up', 'Male'],
  ['female', 'Sign Up', 'Female'],
  ['country', 'Sign Up', 'Country'],
  ['already_have_an_account', 'Sign Up', 'Already have an account?'],
  ['choose_gender', 'Sign Up', 'Choose your gender'],
  ['choose_country', 'Sign Up', 'Choose your country'],
  ['verify_phone_first', 'Sign Up', 'Verify your phone number with a code first.'],
  ['phone_taken', 'Sign Up', 'This phone number already has an account.'],
  // Sign Up OTP
  ['send_otp', 'Sign Up OTP', 'Send otp'],
  ['verify_otp', 'Sign Up OTP', 'verify otp'],
  ['otp_code', 'Sign Up OTP', 'Code from the SMS'],
  ['resend_code', 'Sign Up OTP', 'Send the code again'],
  ['invalid_otp_try_again', 'Sign Up OTP', 'invalid otp try again'],
  ['country_code', 'Sign Up OTP', 'Country code'],
  ['otp_sent_to', 'Sign Up OTP', 'We sent a code to'],
  ['resend_code_in', 'Sign Up OTP', 'Send the code again in {seconds} s'],
  ['code_sent', 'Sign Up OTP', 'A new code is on its way'],
  ['wait_before_new_code', 'Sign Up OTP', 'Too many codes were requested. Try again in {seconds} seconds.'],
  ['tries_left', 'Sign Up OTP', 'Tries left: {count}'],
  ['change_number', 'Sign Up OTP', 'Change the number'],
  ['invalid_phone_number', 'Sign Up OTP', 'Enter a valid phone number'],
  // Pricing Plan
  ['pricing_plan', 'Pricing Plan', 'Pricing Plan'],
  ['new_movies', 'Pricing Plan', 'New Movies'],
  ['salomtv_special', 'Pricing Plan', 'SalomTV Special'],
  ['america_tv_shows', 'Pricing Plan', 'American TV Shows'],
  ['hollywood_movies', 'Pricing Plan', 'Hollywood Movies'],
  ['video_quality', 'Pricing Plan', 'Video Quality'],
  ['add_free_entertainment', 'Pricing Plan', 'Ad-free Entertainment'],
  ['purchase', 'Pricing Plan', 'Purchase'],
  ['per_month', 'Pricing Plan', 'Per month'],
  // Site (header, footer, shared states)
  ['home', 'Site', 'Home'],
  ['movies', 'Site', 'Movies'],
  ['serials', 'Site', 'Serials'],
  ['watch_list', 'Site', 'Watch list'],
  ['kids_section', 'Site', 'Kids Section'],
  ['search', 'Site', 'Search'],
  ['notifications', 'Site', 'Notifications'],
  ['choose_language', 'Site', 'Choose language'],
  ['movie_categories', 'Site', 'Movie Categories'],
  ['tv_series', 'Site', 'TV Series'],
  ['support', 'Site', 'Support'],
  ['privacy_policy', 'Site', 'Privacy Policy'],
  ['free_trial', 'Site', '30 days free trial'],
  ['copyright', 'Site', 'All rights reserved.'],
  ['loading', 'Site', 'Loading…'],
  ['try_again', 'Site', 'Try again'],
  ['something_went_wrong', 'Site', 'Something went wrong'],
  ['page_not_found', 'Site', 'This page does not exist'],
  ['back_home', 'Site', 'Back to home'],
  ['new_version_available', 'Site', 'A new version of SalomTV is available. Reload the page to continue.'],
  ['reload', 'Site', 'Reload'],
  ['no_access', 'Site', 'You do not have access to this page.'],
  ['menu', 'Site', 'Menu'],
] as const satisfies readonly (readonly [string, TranslationSection, string])[];

export const translationKeys: readonly TranslationKeyDefinition[] = entries.map(([key, section, english]) => ({
  key,
  section,
  english,
}));

export type TranslationKey = (typeof entries)[number][0];
export type TranslationRecord = Record<TranslationKey, string>;

export const englishTexts = Object.fromEntries(entries.map(([key, , english]) => [key, english])) as TranslationRecord;

export const translationKeyNames = entries.map(([key]) => key) as TranslationKey[];

export const MAX_TRANSLATION_LENGTH = 2000;
