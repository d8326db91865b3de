// The types an untyped `#colorLiteral(...)` and `#imageLiteral(...)` become, as in Apple's UIKit:
// the compiler looks these names up in scope when nothing else gives the literal a type.
public typealias _ColorLiteralType = UIColor
public typealias _ImageLiteralType = UIImage
