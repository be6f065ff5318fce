import { withClasses } from './withClasses'

/** A themed surface: card colour at the theme's card opacity, theme radius. */
export const Card = withClasses('div', 'rounded-lg border border-border bg-card text-foreground shadow-sm')

export const CardHeader = withClasses('div', 'flex flex-col gap-1.5 p-5 pb-3 sm:p-6 sm:pb-3')

export const CardTitle = withClasses('h2', 'font-heading text-xl font-bold leading-tight tracking-tight')

export const CardDescription = withClasses('p', 'text-sm text-muted-foreground')

export const CardContent = withClasses('div', 'p-5 pt-0 sm:p-6 sm:pt-0')

export const CardFooter = withClasses('div', 'flex items-center p-5 pt-0 sm:p-6 sm:pt-0')
