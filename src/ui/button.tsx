import { cva, type VariantProps } from 'class-variance-authority'
import { Children, cloneElement, type ComponentProps, type ReactElement } from 'react'

import { cn } from '@/ui/cn'

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors ' +
    'focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-2 ' +
    'focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 cursor-pointer ' +
    '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        accent: 'bg-accent text-accent-foreground hover:bg-accent/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-border bg-transparent text-foreground hover:bg-foreground/10',
        ghost: 'text-foreground hover:bg-foreground/10',
        link: 'text-foreground underline underline-offset-4 hover:no-underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
        'icon-sm': 'size-8',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }

/**
 * A button, or with `asChild` its single child (e.g. a link) styled as one: the child keeps its own
 * props and gains the button's classes. (Done here rather than with Radix's Slot, which would add
 * 8 KB to the public page for a handful of links.)
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className)
  if (asChild) {
    // Children.only throws unless `children` is one element.
    const element = Children.only(children) as ReactElement<{ className?: string }>
    return cloneElement(element, { ...props, ...element.props, className: cn(classes, element.props.className) })
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  )
}
